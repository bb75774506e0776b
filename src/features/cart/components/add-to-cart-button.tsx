import { useLingui } from "@lingui/react/macro";
import type { Product } from "@/api/product";
import { resolveSelection, useCartActions } from "../hooks/use-cart-actions";
import { useLocalCart } from "../store";
import { cartQuantityOf } from "../utils/cart-reducer";
import { availableStock, canAddMore, isOutOfStock } from "../utils/stock";

export interface AddToCartButtonProps {
  product: Product;
  quantity?: number;
  selectedColor?: string | null;
  selectedSize?: string | null;
  size?: "small" | "medium";
  fullWidth?: boolean;
  /** called once the product is in the local cart (e.g. the wishlist's move to cart) */
  onAdded?: () => void;
}

/**
 * Add To Cart (disabled once the cart holds the available stock), 'Out of Stock', or a Buy Now link
 * when the product is sold elsewhere (affiliate link).
 */
export function AddToCartButton({
  product,
  quantity = 1,
  selectedColor,
  selectedSize,
  size,
  fullWidth,
  onAdded,
}: AddToCartButtonProps) {
  const { t } = useLingui();
  const cart = useLocalCart();
  const { addToCart } = useCartActions();
  const modifiers = `${size === "small" ? " ui-btn--small" : ""}${fullWidth ? " ui-btn--full" : ""}`;

  if (product.affiliateLink) {
    return (
      <a
        className={`ui-btn ui-btn--contained${modifiers}`}
        href={product.affiliateLink}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t`Buy Now`}
      </a>
    );
  }
  const { color, size: sizeName } = resolveSelection(product, selectedColor, selectedSize);
  if (isOutOfStock(product, color, sizeName)) {
    return (
      <button type="button" className={`ui-btn ui-btn--outlined${modifiers}`} disabled>
        {t`Out of Stock`}
      </button>
    );
  }
  const inCart = cartQuantityOf(cart, product.id, color, sizeName);
  const canAdd = canAddMore(inCart, availableStock(product, color, sizeName));
  return (
    <button
      type="button"
      className={`ui-btn ui-btn--contained${modifiers}`}
      disabled={!canAdd}
      title={canAdd ? undefined : t`The cart already holds all the stock of this product`}
      onClick={() => {
        if (addToCart(product, quantity, color, sizeName)) onAdded?.();
      }}
    >
      {t`Add To Cart`}
    </button>
  );
}
