import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { PageHeader } from "@/components/layout/page-header";
import { resetLocalCart, getCartOwner, useLocalCart } from "@/features/cart/store";
import { CheckoutView } from "@/features/checkout/components/checkout-view";

export function CheckoutPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const hasDeviceLines = useLocalCart().lines.length > 0;
  return (
    <>
      <PageHeader title={t`Checkout`} />
      <CheckoutView
        hasDeviceLines={hasDeviceLines}
        onPlaced={(order) => {
          // The server cart is closed by the order; the device cart follows.
          resetLocalCart(getCartOwner());
          void navigate({ to: "/ordersuccess/$orderId", params: { orderId: String(order.id) } });
        }}
      />
    </>
  );
}
