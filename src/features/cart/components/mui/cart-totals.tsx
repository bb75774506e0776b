import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useLingui } from "@lingui/react/macro";
import type { CartSummary } from "../../hooks/use-cart-summary";

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack direction="row" sx={{ py: 0.5, justifyContent: "space-between" }}>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{value}</Typography>
    </Stack>
  );
}

/** Sub total, discount, shipping, tax and the grand total. */
export function CartTotals({ summary }: { summary: CartSummary }) {
  const { t } = useLingui();
  return (
    <Box data-testid="cart-totals" data-source={summary.fromServer ? "server" : "device"}>
      <Row label={t`Sub Total`} value={summary.subtotal} />
      {summary.discount && <Row label={t`Discount`} value={summary.discount} />}
      {summary.shipping && <Row label={t`Shipping`} value={summary.shipping} />}
      <Row label={t`Tax`} value={summary.tax} />
      <Divider sx={{ my: 1 }} />
      <Row label={t`Grand Total`} value={summary.total} strong />
    </Box>
  );
}
