import Alert from "@mui/material/Alert";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import { useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { accountQueries } from "@/api/account";
import { RouterLink } from "@/components/mui/router-links";
import { OrderReceipt } from "./order-receipt";

/** One order of the customer, as a receipt with its billing address, and the way back to the list. */
export function OrderDetail({ orderId }: { orderId: number }) {
  const { t } = useLingui();
  const { data, isPending, isError } = useQuery(accountQueries.order(orderId));
  return (
    <Stack spacing={2}>
      <RouterLink to="/my-account" search={{ tab: "orders" }}>
        {t`Back to your orders`}
      </RouterLink>
      {isPending && <CircularProgress aria-label={t`Loading`} />}
      {isError && <Alert severity="error">{t`This order could not be loaded.`}</Alert>}
      {data && <OrderReceipt order={data} withAddress />}
    </Stack>
  );
}
