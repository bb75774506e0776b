import { useState } from "react";
import type { Product } from "@/api/product";
import { AddToCartButton } from "@/features/cart/components/add-to-cart-button";
import { QuantityStepper } from "@/features/cart/components/quantity-stepper";
import { useLocalCart } from "@/features/cart/store";
import { cartQuantityOf } from "@/features/cart/utils/cart-reducer";
import { availableStock, isOutOfStock, remainingStock } from "@/features/cart/utils/stock";
import { CompareToggle } from "@/features/compare/components/compare-toggle";
import { WishlistToggle } from "@/features/wishlist/components/wishlist-toggle";
import "./product-purchase.css";

/** Quantity (min 1, max what is left), Add To Cart or Buy Now for the chosen colour and size, wishlist, compare. */
export function ProductPurchase({
  product,
  color,
  size,
}: {
  product: Product;
  color: string | null;
  size: string | null;
}) {
  const [quantity, setQuantity] = useState(1);
  const cart = useLocalCart();
  const left = remainingStock(
    cartQuantityOf(cart, product.id, color, size),
    availableStock(product, color, size),
  );
  const showStepper = !product.affiliateLink && !isOutOfStock(product, color, size);
  return (
    <div className="product-purchase">
      {showStepper && (
        <QuantityStepper
          quantity={quantity}
          name={product.name}
          onDecrement={() => setQuantity((q) => Math.max(1, q - 1))}
          onIncrement={() => setQuantity((q) => q + 1)}
          canIncrement={quantity < left}
        />
      )}
      <AddToCartButton
        product={product}
        quantity={quantity}
        selectedColor={color}
        selectedSize={size}
        onAdded={() => setQuantity(1)}
      />
      <WishlistToggle product={product} />
      <CompareToggle product={product} />
    </div>
  );
}
