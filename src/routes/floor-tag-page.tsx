import { getRouteApi } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/components/layout/page-header";
import { FloorTag } from "@/features/counter/components/floor-tag";

const route = getRouteApi("/product/$urlKey/tag");

/** /product/{urlKey}/tag: the product's printable floor tag. */
export function FloorTagPage() {
  const { t } = useLingui();
  const { urlKey } = route.useParams();
  return (
    <>
      <PageHeader title={t`Floor tag`} />
      <FloorTag urlKey={urlKey} />
    </>
  );
}
