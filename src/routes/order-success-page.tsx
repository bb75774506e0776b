import { useLingui } from "@lingui/react/macro";
import { getRouteApi } from "@tanstack/react-router";
import { PageHeader } from "@/components/layout/page-header";
import { OrderSuccessView } from "@/features/account/components/mui/order-success-view";

const route = getRouteApi("/ordersuccess/$orderId");

export function OrderSuccessPage() {
  const { t } = useLingui();
  const { orderId } = route.useParams();
  return (
    <>
      <PageHeader title={t`Order Success`} />
      <OrderSuccessView orderId={Number(orderId)} />
    </>
  );
}
