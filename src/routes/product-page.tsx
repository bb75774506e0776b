import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/components/layout/page-header";

export function ProductPage() {
  const { t } = useLingui();
  return <PageHeader title={t`Product`} />;
}
