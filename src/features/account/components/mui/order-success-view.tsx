import Alert from "@mui/material/Alert";
import CircularProgress from "@mui/material/CircularProgress";
import Container from "@mui/material/Container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLingui } from "@lingui/react/macro";
import { accountQueries } from "@/api/account";
import { ButtonLink } from "@/components/mui/router-links";
import { readLastReceipt, saveLastReceipt } from "../../store";
import { OrderReceipt } from "./order-receipt";

/**
 * The order-success screen: the thanks message, Continue Shopping and the receipt card. The thanks come with
 * the receipt: an order that cannot be loaded (an unknown id, someone else's order) is not thanked for.
 */
export function OrderSuccessView({ orderId }: { orderId: number }) {
  const { t } = useLingui();
  const isValidId = Number.isInteger(orderId) && orderId > 0;
  const { data, isPending, isError } = useQuery({
    ...accountQueries.order(orderId),
    enabled: isValidId,
    // The kept receipt shows at once (also offline); the server's copy replaces it when it answers.
    initialData: () => readLastReceipt(orderId),
    initialDataUpdatedAt: 0,
  });
  useEffect(() => {
    if (data) saveLastReceipt(data);
  }, [data]);
  const failed = !data && (isError || !isValidId);
  return (
    <Container maxWidth="md" sx={{ pb: 6 }}>
      <Stack spacing={3} sx={{ alignItems: "center", textAlign: "center", mb: 3 }}>
        {data && (
          <Typography variant="h2" component="p">
            {t`Thanks for your order, your Order is placed successfully!`}
          </Typography>
        )}
        {isPending && isValidId && <CircularProgress aria-label={t`Loading`} />}
        {failed && <Alert severity="error">{t`This order could not be loaded.`}</Alert>}
        <ButtonLink to="/catalog" variant="contained">
          {t`Continue Shopping`}
        </ButtonLink>
      </Stack>
      {data && <OrderReceipt order={data} />}
    </Container>
  );
}
