import { useLingui } from "@lingui/react/macro";
import type { Product } from "@/api/product";
import { useCurrency } from "@/i18n/currency";
import { discountedPrice } from "@/api/contract/money";
import "./product-price.css";

/** The price in the chosen currency; when discounted, the old price is struck through beside it. */
export function ProductPrice({
  product,
  variant = "body1",
}: {
  product: Pick<Product, "price" | "discount">;
  /** the text size, as the typography variant of that name */
  variant?: "body1" | "h5" | "h6";
}) {
  const { t } = useLingui();
  const { format } = useCurrency();
  const price = product.price;
  const discounted = discountedPrice(price, product.discount);
  const oldPrice = format(price);
  if (discounted === null) {
    return (
      <p className={`ui-${variant} product-price__amount`} data-testid="price">
        {format(price)}
      </p>
    );
  }
  return (
    <div className="product-price">
      <p
        className={`ui-${variant} product-price__amount product-price__amount--discounted`}
        data-testid="price"
      >
        {format(discounted)}
      </p>
      <del className={`ui-${variant} product-price__old`} aria-label={t`Old price ${oldPrice}`}>
        {format(price)}
      </del>
    </div>
  );
}
