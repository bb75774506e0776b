import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { visuallyHidden } from "@mui/utils";
import { useLingui } from "@lingui/react/macro";
import { ListFooter } from "@/components/mui/list-footer";
import { ProductLink } from "@/components/mui/product-link";
import { ProductThumbnail } from "@/components/product-thumbnail";
import { ButtonLink } from "@/components/mui/router-links";
import { useCurrency } from "@/i18n/currency";
import type { CartActions } from "../../hooks/use-cart-actions";
import { useCartSummary } from "../../hooks/use-cart-summary";
import { useLocalCart } from "../../store";
import type { CartLine } from "../../utils/cart-reducer";
import { lineLimit } from "../../utils/stock";
import { CartHandover } from "./cart-handover";
import { CartTotals } from "./cart-totals";
import { CouponForm } from "./coupon-form";
import { QuantityStepper } from "../quantity-stepper";
import { DeleteOutlinedIcon } from "@/components/ui/delete-icon";

function LineOptions({ line }: { line: CartLine }) {
  const { t } = useLingui();
  if (!line.selectedProductColor && !line.selectedProductSize) return null;
  const color = line.selectedProductColor ?? "";
  const size = (line.selectedProductSize ?? "").toUpperCase();
  return (
    <Typography variant="body2" color="textSecondary">
      {t`Color: ${color}`} · {t`Size: ${size}`}
    </Typography>
  );
}

/**
 * The cart screen of a cart with lines: the lines with their quantity steppers, coupon, totals and the way to
 * checkout. Its own chunk (loaded by CartView only when the cart has lines, preloaded by preloadFilledCart).
 * `actions` belong to CartView, which stays mounted when the last line goes: their answers (toasts) still come.
 */
export function FilledCart({ actions }: { actions: CartActions }) {
  const { t } = useLingui();
  const cart = useLocalCart();
  const summary = useCartSummary();
  const { format } = useCurrency();
  const { increment, decrement, removeLine, removeAll } = actions;

  return (
    <Container sx={{ pb: 6 }}>
      <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
        {t`Your cart items`}
      </Typography>
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label={t`Your cart items`}>
          <TableHead>
            <TableRow>
              <TableCell>{t`Image`}</TableCell>
              <TableCell>{t`Product Name`}</TableCell>
              <TableCell>{t`Unit Price`}</TableCell>
              <TableCell>{t`Qty`}</TableCell>
              <TableCell>{t`Subtotal`}</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {t`Action`}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {cart.lines.map((line) => {
              const name = line.product.name;
              return (
                <TableRow key={line.id} data-testid="cart-line">
                  <TableCell sx={{ width: 96 }}>
                    <ProductThumbnail src={line.product.image} width={80} height={60} />
                  </TableCell>
                  <TableCell>
                    {line.product.urlKey ? (
                      <ProductLink urlKey={line.product.urlKey}>{line.product.name}</ProductLink>
                    ) : (
                      line.product.name
                    )}
                    <LineOptions line={line} />
                  </TableCell>
                  <TableCell>{format(line.price)}</TableCell>
                  <TableCell>
                    <QuantityStepper
                      quantity={line.quantity}
                      name={line.product.name}
                      onDecrement={() => decrement(line)}
                      onIncrement={() => increment(line)}
                      canIncrement={line.quantity < lineLimit(line.product.stock)}
                    />
                  </TableCell>
                  <TableCell>{format(line.total)}</TableCell>
                  <TableCell>
                    <IconButton aria-label={t`Remove ${name} from the cart`} onClick={() => removeLine(line)}>
                      <DeleteOutlinedIcon />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <ListFooter clearLabel={t`Clear Shopping Cart`} onClear={removeAll} />
      <Grid container spacing={4} sx={{ mt: 2 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <CouponForm couponCode={summary.couponCode} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h3" component="h2" gutterBottom>
              {t`Cart Total`}
            </Typography>
            <CartTotals summary={summary} />
            <ButtonLink to="/checkout" variant="contained" fullWidth sx={{ mt: 2 }}>
              {t`Proceed to Checkout`}
            </ButtonLink>
            <CartHandover />
          </Paper>
        </Grid>
      </Grid>
    </Container>
  );
}
