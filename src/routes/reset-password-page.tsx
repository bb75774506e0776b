import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/components/layout/page-header";
import { ResetPasswordView } from "@/features/account/components/reset-password-view";

export function ResetPasswordPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Reset password`} />
      <ResetPasswordView />
    </>
  );
}
