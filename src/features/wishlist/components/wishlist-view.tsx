import { lazy, Suspense, type ReactNode } from "react";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { useLingui } from "@lingui/react/macro";
import type { Product } from "@/api/product";
import { ButtonLink } from "@/components/router-links";
import { useDeviceWishlist } from "../store";
import { loadWishlistLines } from "./preload-wishlist-lines";

const WishlistLines = lazy(() => loadWishlistLines().then((m) => ({ default: m.WishlistLines })));

export interface WishlistActionsContext {
  product: Product;
  /** removes the product from the wishlist (after a move to the cart) */
  remove: () => void;
}

/**
 * The wishlist screen; `renderActions` fills each line's cart action (move to cart). The device's list is
 * read synchronously, so an empty one says so in the first render; the lines' table is another chunk.
 */
export function WishlistView({
  renderActions,
}: {
  renderActions?: (ctx: WishlistActionsContext) => ReactNode;
}) {
  const { t } = useLingui();
  const { items } = useDeviceWishlist();

  if (items.length === 0) {
    return (
      <Container sx={{ py: 6, textAlign: "center" }}>
        <Typography variant="h2" component="p" gutterBottom>
          {t`No items found in wishlist`}
        </Typography>
        <ButtonLink to="/catalog" variant="contained">
          {t`Add Items`}
        </ButtonLink>
      </Container>
    );
  }
  return (
    <Suspense fallback={<Container aria-busy="true" sx={{ minHeight: "50vh" }} />}>
      <WishlistLines renderActions={renderActions} />
    </Suspense>
  );
}
