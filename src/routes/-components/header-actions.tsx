import Stack from "@mui/material/Stack";
import { AccountMenu } from "@/features/account/components/account-menu";
import { MiniCart } from "@/features/cart/components/mini-cart";
import { cartChanges } from "@/features/cart/store";
import { CompareLink } from "@/features/compare/components/compare-link";
import { contactChanges } from "@/features/content/utils/contact-changes";
import { newsletterChanges } from "@/features/shell/utils/newsletter-changes";
import { WishlistLink } from "@/features/wishlist/components/wishlist-link";
import { wishlistChanges } from "@/features/wishlist/store";
import { SearchForm } from "@/features/search/components/search-form";
import { InstallButton } from "@/offline/install-button";
import { WaitingChangesButton } from "@/offline/waiting-changes-button";

/** Each feature words its own waiting changes in the change queue panel. */
const CHANGE_DESCRIBERS = [cartChanges, wishlistChanges, contactChanges, newsletterChanges];

/** The header's search field and shopping actions: account, compare, wishlist and the mini cart (each with its count). */
export function HeaderActions() {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
      <SearchForm compact />
      <WaitingChangesButton describers={CHANGE_DESCRIBERS} />
      <InstallButton />
      <AccountMenu />
      <CompareLink />
      <WishlistLink />
      <MiniCart />
    </Stack>
  );
}
