import { useMatch } from "@tanstack/react-router";
import { CatalogView } from "@/features/catalog/components/catalog-view";
import { parseCatalogSearch } from "@/features/catalog/utils/catalog-search";
import { ShopProductCard } from "./-components/catalog-product-card";

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
      renderProduct={(product, { priority, list }) => (
        <ShopProductCard product={product} priority={priority} layout={list ? "list" : "grid"} />
      )}
    />
  );
}
