import IconButton from "@mui/material/IconButton";
import FavoriteIcon from "@mui/icons-material/Favorite";
import FavoriteBorderIcon from "@mui/icons-material/FavoriteBorder";
import { useLingui } from "@lingui/react/macro";
import type { Product } from "@/api/product";
import { useWishlistActions } from "../hooks/use-wishlist-actions";
import { useDeviceWishlist } from "../store";
import { isInList } from "../utils/wishlist-rules";

/** Adds the product to the wishlist, or removes it when it is already there. */
export function WishlistToggle({ product }: { product: Product }) {
  const { t } = useLingui();
  const { items } = useDeviceWishlist();
  const { toggle } = useWishlistActions();
  const inList = isInList(items, product.id);
  const label = inList ? t`Remove from wishlist` : t`Add to wishlist`;
  return (
    // A native title, not MUI Tooltip: the popper machinery would weigh on every product card.
    <IconButton
      title={label}
      aria-label={label}
      aria-pressed={inList}
      onClick={() => toggle(product)}
      color={inList ? "primary" : "default"}
    >
      {inList ? <FavoriteIcon /> : <FavoriteBorderIcon />}
    </IconButton>
  );
}
