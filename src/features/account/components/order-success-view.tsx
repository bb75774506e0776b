import Alert from "@mui/material/Alert";
import CircularProgress from "@mui/material/CircularProgress";
import Container from "@mui/material/Container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLingui } from "@lingui/react/macro";
import { accountQueries } from "@/api/account";
import { ButtonLink } from "@/components/router-links";
import { readLastReceipt, saveLastReceipt } from "../store";
import { OrderReceipt } from "./order-receipt";

/** The order-success screen: the thanks message, Continue Shopping and the receipt card. */
export function OrderSuccessView({ orderId }: { orderId: number }) {
  const { t } = useLingui();
  const { data, isPending, isError } = useQuery({
    ...accountQueries.order(orderId),
    enabled: Number.isInteger(orderId) && orderId > 0,
    // The kept receipt shows at once (also offline); the server's copy replaces it when it answers.
    initialData: () => readLastReceipt(orderId),
    initialDataUpdatedAt: 0,
  });
  useEffect(() => {
    if (data) saveLastReceipt(data);
  }, [data]);
  return (
    <Container maxWidth="md" sx={{ pb: 6 }}>
      <Stack spacing={3} sx={{ alignItems: "center", textAlign: "center", mb: 3 }}>
        <Typography variant="h2" component="p">
          {t`Thanks for your order, your Order is placed successfully!`}
        </Typography>
        <ButtonLink to="/catalog" variant="contained">
          {t`Continue Shopping`}
        </ButtonLink>
      </Stack>
      {isPending && Number.isInteger(orderId) && <CircularProgress aria-label={t`Loading`} />}
      {isError && !data && <Alert severity="error">{t`This order could not be loaded.`}</Alert>}
      {data && <OrderReceipt order={data} />}
    </Container>
  );
}
