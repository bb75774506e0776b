import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/components/layout/page-header";
import { AddToCartButton } from "@/features/cart/components/add-to-cart-button";
import { CompareView } from "@/features/compare/components/compare-view";

export function ComparePage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t({ message: "Compare", comment: "page title: the list of compared bicycles" })} />
      <CompareView renderActions={(product) => <AddToCartButton product={product} size="small" />} />
    </>
  );
}
