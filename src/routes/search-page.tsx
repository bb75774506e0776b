import { getRouteApi } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/components/layout/page-header";
import { SearchView } from "@/features/search/components/search-view";
import { ShopProductCard } from "./-components/catalog-product-card";

const route = getRouteApi("/search");

/** /search?q=: the catalogue searched online, or the bicycles saved on this device offline. */
export function SearchPage() {
  const { t } = useLingui();
  const { q } = route.useSearch();
  return (
    <>
      <PageHeader title={t`Search`} />
      <SearchView query={q} renderProduct={(product) => <ShopProductCard product={product} />} />
    </>
  );
}
