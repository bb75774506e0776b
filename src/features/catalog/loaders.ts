import type { QueryClient } from "@tanstack/react-query";
import { catalogQueries } from "@/api/catalog";
import { categoryQueries, ROOT_CATEGORY_ID } from "@/api/categories";
import { toProductListParams, type CatalogSearch } from "./utils/catalog-search";

/**
 * Starts the catalogue requests as the route loads (or is preloaded on intent) without waiting: the page
 * shows skeletons, and a failed list is ignored as SPEC §8 asks, so the loader must never throw.
 */
export function prefetchCatalogList(
  queryClient: QueryClient,
  slug: string | undefined,
  search: CatalogSearch,
): void {
  void queryClient.prefetchQuery(catalogQueries.list(toProductListParams(search, { slug })));
  void queryClient.prefetchQuery(catalogQueries.attributes(slug ?? search.category));
  void queryClient.prefetchQuery(categoryQueries.descendants(ROOT_CATEGORY_ID));
}
