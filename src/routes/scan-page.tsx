import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/components/layout/page-header";
import { TagScanner } from "@/features/counter/components/tag-scanner";

/** /scan: a floor tag's QR code opens its product. */
export function ScanPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Scan a tag`} />
      <div className="ui-container">
        <TagScanner />
      </div>
    </>
  );
}
