import { useMatch } from "@tanstack/react-router";
import { CatalogView } from "@/features/catalog/components/catalog-view";
import { parseCatalogSearch } from "@/features/catalog/utils/catalog-search";
import { relatedProductsParams } from "@/features/catalog/utils/related-products";
import { SaveForOffline } from "@/features/offline-packs/components/save-for-offline";
import { ShopProductCard } from "./-components/catalog-product-card";

// The product pages of a saved category also ask for the newest bicycles (their related products).
const PACK_EXTRA_LISTS = [relatedProductsParams];

/** /catalog, /catalog/{slug} and the shop variants: one list layout, configured by the variant. */
export function CatalogPage() {
  const match = useMatch({ strict: false });
  const slug = (match.params as { slug?: string }).slug;
  const search = parseCatalogSearch(match.search as Record<string, unknown>);
  return (
    <CatalogView
      slug={slug}
      search={search}
      variant={match.staticData?.variant}
      actions={<SaveForOffline slug={slug ?? search.category} extraLists={PACK_EXTRA_LISTS} />}
      renderProduct={(product, { priority, list }) => (
        <ShopProductCard product={product} priority={priority} layout={list ? "list" : "grid"} />
      )}
    />
  );
}
