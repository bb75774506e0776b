import { AccountMenu } from "@/features/account/components/account-menu";
import { MiniCart } from "@/features/cart/components/mini-cart";
import { CompareLink } from "@/features/compare/components/compare-link";
import { WishlistLink } from "@/features/wishlist/components/wishlist-link";
import { SearchForm } from "@/features/search/components/search-form";
import { InstallButton } from "@/features/offline-status/components/install-button";
import { WaitingChangesButton } from "@/features/offline-status/components/waiting-changes-button";
import "./header-actions.css";

/** The header's search field and shopping actions: account, compare, wishlist and the mini cart (each with its count). */
export function HeaderActions() {
  return (
    <div className="header-actions">
      <SearchForm compact />
      <WaitingChangesButton />
      <InstallButton />
      <AccountMenu />
      <CompareLink />
      <WishlistLink />
      <MiniCart />
    </div>
  );
}
