import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/components/layout/page-header";
import { CartView } from "@/features/cart/components/cart-view";

export function CartPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Cart`} />
      <CartView />
    </>
  );
}
