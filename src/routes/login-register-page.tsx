import { useLingui } from "@lingui/react/macro";
import { getRouteApi } from "@tanstack/react-router";
import { PageHeader } from "@/components/layout/page-header";
import { LoginRegisterView } from "@/features/account/components/login-register-view";

const route = getRouteApi("/login-register");

export function LoginRegisterPage() {
  const { t } = useLingui();
  const { tab = "login", redirect } = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <>
      <PageHeader title={t`Login / Register`} />
      <LoginRegisterView
        tab={tab}
        redirect={redirect}
        onTabChange={(next) => void navigate({ search: (s) => ({ ...s, tab: next }), replace: true })}
      />
    </>
  );
}
