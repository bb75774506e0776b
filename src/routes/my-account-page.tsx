import { useLingui } from "@lingui/react/macro";
import { getRouteApi } from "@tanstack/react-router";
import { PageHeader } from "@/components/layout/page-header";
import { MyAccountView } from "@/features/account/components/my-account-view";

const route = getRouteApi("/my-account");

export function MyAccountPage() {
  const { t } = useLingui();
  const { tab = "profile", order, page = 1 } = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <>
      <PageHeader title={t`My Account`} />
      <MyAccountView
        tab={tab}
        orderId={order}
        page={page}
        onNavigate={(next) => void navigate({ search: { tab: next.tab, page: next.page } })}
      />
    </>
  );
}
