import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/components/layout/page-header";
import { NewsletterConfirmView } from "@/features/shell/components/newsletter-confirm-view";

export function NewsletterConfirmPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Newsletter`} />
      <NewsletterConfirmView />
    </>
  );
}
