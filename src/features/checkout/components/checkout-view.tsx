import { lazy, Suspense } from "react";
import Alert from "@mui/material/Alert";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { cartQueries } from "@/api/cart";
import type { Order } from "@/api/order";
import { ButtonLink } from "@/components/router-links";
import { useOnlineStatus } from "@/hooks/use-online-status";
import { useCheckout } from "../hooks/use-checkout";
import { loadCheckoutForm } from "./preload-checkout-form";

const CheckoutForm = lazy(() => loadCheckoutForm().then((m) => ({ default: m.CheckoutForm })));

/**
 * Checkout: address, shipping method, payment method, review and place order. Needs a connection.
 * The server's cart decides whether there is anything to check out; until it has answered (after the saved
 * cache is back and a round trip), the device's cart does (`hasDeviceLines`), so an empty cart says so at once.
 */
export function CheckoutView({
  hasDeviceLines,
  onPlaced,
}: {
  hasDeviceLines: boolean;
  onPlaced: (order: Order) => void;
}) {
  const { t } = useLingui();
  const isOnline = useOnlineStatus();
  const { data: serverCart, isPending } = useQuery(cartQueries.detail());
  const checkout = useCheckout(onPlaced);

  if (!isOnline) {
    return (
      <Container sx={{ pb: 6 }}>
        <Alert severity="warning" role="status">
          {t`Checkout needs a connection. Your cart is kept on this device; please come back when you are online.`}
        </Alert>
      </Container>
    );
  }
  const hasLines = isPending ? hasDeviceLines : !!serverCart && serverCart.items.length > 0;
  if (!hasLines && checkout.step === 0) {
    return (
      <Container sx={{ py: 6, textAlign: "center" }}>
        <Typography variant="h2" component="p" gutterBottom>
          {t`No items found in cart to checkout`}
        </Typography>
        <ButtonLink to="/catalog" variant="contained">
          {t`Shop Now`}
        </ButtonLink>
      </Container>
    );
  }
  return (
    <Suspense fallback={<Container aria-busy="true" sx={{ minHeight: "50vh" }} />}>
      <CheckoutForm checkout={checkout} serverCart={serverCart} />
    </Suspense>
  );
}
