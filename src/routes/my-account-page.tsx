import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/components/layout/page-header";

export function MyAccountPage() {
  const { t } = useLingui();
  return <PageHeader title={t`My Account`} />;
}
