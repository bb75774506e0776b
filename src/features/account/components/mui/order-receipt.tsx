import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useLingui } from "@lingui/react/macro";
import type { Order, OrderAddress } from "@/api/order";
import { AddressLines } from "@/components/mui/address-lines";
import { ProductThumbnail } from "@/components/product-thumbnail";
import { useMoneyFormat } from "@/i18n/currency";
import { formatDate } from "@/i18n/format";

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: "space-between", py: 0.5 }}>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{value}</Typography>
    </Stack>
  );
}

/** The order's billing address (also its delivery address: the checkout uses it for shipping). */
function AddressBlock({ address }: { address: OrderAddress }) {
  const { t } = useLingui();
  return (
    <Box component="section" aria-label={t`Billing address`} sx={{ mt: 2 }} data-testid="order-address">
      <Typography sx={{ fontWeight: 600 }}>{t`Billing address`}</Typography>
      <AddressLines address={address} />
    </Box>
  );
}

/**
 * The receipt card of an order (SPEC §2 order-success): lines, totals, GST 18%, shipping, status, invoices;
 * with `withAddress` (the order detail in my-account) also the billing address.
 */
export function OrderReceipt({ order, withAddress = false }: { order: Order; withAddress?: boolean }) {
  const { t, i18n } = useLingui();
  const format = useMoneyFormat();
  const money = (amount: number) => format(amount, order.currency);
  const number = order.number;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="order-receipt">
      <Typography variant="h2" component="h2" gutterBottom>
        {t`Order #${number}`}
      </Typography>
      <Table size="small" aria-label={t`Ordered items`}>
        <TableHead>
          <TableRow>
            <TableCell>{t`Image`}</TableCell>
            <TableCell>{t`Product Name`}</TableCell>
            <TableCell align="right">{t`Qty`}</TableCell>
            <TableCell align="right">{t`Total`}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.lines.map((item) => (
            <TableRow key={item.id} data-testid="receipt-line">
              <TableCell sx={{ width: 72 }}>
                <ProductThumbnail src={item.image} width={56} height={42} />
              </TableCell>
              <TableCell>{item.name}</TableCell>
              <TableCell align="right">{item.quantity}</TableCell>
              <TableCell align="right">{money(item.lineTotal)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box sx={{ mt: 2, maxWidth: 420, ml: "auto" }}>
        <Line label={t`Sub Total`} value={money(order.subtotal)} />
        <Line label={t`Discount`} value={money(order.discount)} />
        <Line label={t`GST 18%`} value={money(order.tax)} />
        <Line label={t`Shipping`} value={order.shippingDescription} />
        <Line label={t`Status`} value={order.statusLabel} />
        {order.invoices.length > 0 && (
          <Box sx={{ py: 0.5 }}>
            <Typography sx={{ fontWeight: 600 }}>{t`Invoices`}</Typography>
            {order.invoices.map((inv) => {
              const id = inv.id;
              const date = formatDate(inv.createdAt, i18n.locale);
              return <Typography key={inv.id}>{t`Invoice #${id}, ${date}`}</Typography>;
            })}
          </Box>
        )}
        <Divider sx={{ my: 1 }} />
        <Line label={t`Grand Total`} value={money(order.grandTotal)} strong />
      </Box>
      {withAddress && order.billingAddress && <AddressBlock address={order.billingAddress} />}
    </Paper>
  );
}
