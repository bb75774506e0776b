import Stack from "@mui/material/Stack";
import Typography, { type TypographyProps } from "@mui/material/Typography";
import { useLingui } from "@lingui/react/macro";
import type { Product } from "@/api/product";
import { useCurrency } from "@/i18n/currency";
import { discountedPrice } from "@/api/contract/money";
import { toAmount } from "@/i18n/format";

/** The price in the chosen currency; when discounted, the old price is struck through beside it. */
export function ProductPrice({
  product,
  variant = "body1",
}: {
  product: Pick<Product, "price" | "discount">;
  variant?: TypographyProps["variant"];
}) {
  const { t } = useLingui();
  const { format } = useCurrency();
  const price = toAmount(product.price);
  const discounted = discountedPrice(price, product.discount);
  const oldPrice = format(price);
  if (discounted === null) {
    return (
      <Typography variant={variant} component="p" data-testid="price" sx={{ fontWeight: 600 }}>
        {format(price)}
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "baseline", flexWrap: "wrap" }}>
      <Typography
        variant={variant}
        component="p"
        data-testid="price"
        sx={{ fontWeight: 600, color: "primary.main" }}
      >
        {format(discounted)}
      </Typography>
      <Typography
        variant={variant}
        component="del"
        aria-label={t`Old price ${oldPrice}`}
        sx={{ color: "text.secondary", fontSize: "0.9em" }}
      >
        {format(price)}
      </Typography>
    </Stack>
  );
}
