import { Suspense } from "react";
import { useLingui } from "@lingui/react/macro";
import { EmptyState, LinesPending } from "@/components/layout/empty-state";
import { lazyThemed } from "@/components/mui/lazy-themed";
import { loadFilledCart } from "./preload-filled-cart";
import { useCartActions } from "../hooks/use-cart-actions";
import { useLocalCart } from "../store";

// Drawn with MUI: its chunk and the theme load together, only for a list with lines.
const FilledCart = lazyThemed(() => loadFilledCart().then((m) => m.FilledCart));

/**
 * The cart screen. The device's cart is read synchronously (localStorage), so an empty cart says so in the
 * page's first render; the lines' table, coupon form and steppers are another chunk, loaded only for a cart
 * with lines (and already on its way then: preloadFilledCart, the route's loader).
 */
export function CartView() {
  const { t } = useLingui();
  const cart = useLocalCart();
  const actions = useCartActions();

  if (cart.lines.length === 0) {
    return <EmptyState message={t`No items found in cart`} action={t`Shop Now`} />;
  }
  return (
    <Suspense fallback={<LinesPending />}>
      <FilledCart actions={actions} />
    </Suspense>
  );
}
