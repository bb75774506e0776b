import { useLingui } from "@lingui/react/macro";
import type { Product } from "@/api/product";
import { FavoriteBorderIcon, FavoriteIcon } from "@/components/ui/icons";
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
    // A native title, not a tooltip component: its popper machinery would weigh on every product card.
    <button
      type="button"
      className={inList ? "ui-icon-btn ui-icon-btn--primary" : "ui-icon-btn"}
      title={label}
      aria-label={label}
      aria-pressed={inList}
      onClick={() => toggle(product)}
    >
      {inList ? <FavoriteIcon /> : <FavoriteBorderIcon />}
    </button>
  );
}
