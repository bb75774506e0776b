import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/components/layout/page-header";
import { CartView } from "@/features/cart/components/cart-view";
import { RecentlyViewed } from "@/features/recently-viewed/components/recently-viewed";

export function CartPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Cart`} />
      <CartView />
      <div className="ui-container">
        <RecentlyViewed />
      </div>
    </>
  );
}
