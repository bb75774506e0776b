import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/components/layout/page-header";

export function CatalogPage() {
  const { t } = useLingui();
  return <PageHeader title={t`Shop`} />;
}
