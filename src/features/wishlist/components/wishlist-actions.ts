import type { Product } from "@/api/product";

/** What a wishlist line's action (move to cart) is given: the line's product and how to remove it. */
export interface WishlistActionsContext {
  product: Product;
  /** removes the product from the wishlist (after a move to the cart) */
  remove: () => void;
}
