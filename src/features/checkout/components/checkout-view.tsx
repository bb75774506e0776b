import { Suspense } from "react";
import { useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { useApiState } from "@/api/api-state";
import { cartQueries } from "@/api/cart";
import type { Order } from "@/api/order";
import { EmptyState, LinesPending } from "@/components/layout/empty-state";
import { lazyThemed } from "@/components/mui/lazy-themed";
import { Alert } from "@/components/ui/alert";
import { useOnlineStatus } from "@/hooks/use-online-status";
import { useCheckout } from "../hooks/use-checkout";
import { loadCheckoutForm } from "./preload-checkout-form";
import "./checkout-view.css";

// Drawn with MUI: its chunk and the theme load together, only for a cart with lines.
const CheckoutForm = lazyThemed(() => loadCheckoutForm().then((m) => m.CheckoutForm));

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
  const api = useApiState();
  const { data: serverCart, isPending } = useQuery(cartQueries.detail(api));
  const checkout = useCheckout(onPlaced);

  if (!isOnline) {
    return (
      <div className="ui-container checkout-offline">
        <Alert severity="warning" role="status">
          {t`Checkout needs a connection. Your cart is kept on this device; please come back when you are online.`}
        </Alert>
      </div>
    );
  }
  const hasLines = isPending ? hasDeviceLines : !!serverCart && serverCart.items.length > 0;
  if (!hasLines && checkout.step === 0) {
    return <EmptyState message={t`No items found in cart to checkout`} action={t`Shop Now`} />;
  }
  return (
    <Suspense fallback={<LinesPending />}>
      <CheckoutForm checkout={checkout} serverCart={serverCart} />
    </Suspense>
  );
}
