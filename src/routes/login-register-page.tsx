import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/components/layout/page-header";

export function LoginRegisterPage() {
  const { t } = useLingui();
  return <PageHeader title={t`Login Register`} />;
}
