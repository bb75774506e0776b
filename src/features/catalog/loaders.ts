import type { QueryClient } from "@tanstack/react-query";
import type { Locale } from "@/i18n/locale";
import { notFound } from "@tanstack/react-router";
import { ApiError } from "@/api/client";
import { catalogQueries } from "@/api/catalog";
import { cacheRestore } from "@/offline/cache/restore-state";
import { categoryQueries, ROOT_CATEGORY_ID } from "@/api/categories";
import { relatedProductsParams } from "./utils/related-products";
import { toProductListParams, type CatalogSearch } from "./utils/catalog-search";

/**
 * Starts the catalogue requests as the route loads (or is preloaded on intent) without waiting: the page
 * shows skeletons, and a failed list is ignored as SPEC §8 asks, so the loader must never throw.
 */
export function prefetchCatalogList(
  queryClient: QueryClient,
  locale: Locale,
  slug: string | undefined,
  search: CatalogSearch,
): void {
  void queryClient.prefetchQuery(catalogQueries.list(toProductListParams(search, { slug }), locale));
  void queryClient.prefetchQuery(catalogQueries.attributes(slug ?? search.category, locale));
  void queryClient.prefetchQuery(categoryQueries.descendants(ROOT_CATEGORY_ID, locale));
  if (slug) void queryClient.prefetchQuery(categoryQueries.children(slug, locale));
}

/** The product of a detail route (by URL key or by id), or a not-found error for the router. */
export async function loadProduct(
  queryClient: QueryClient,
  locale: Locale,
  key: { urlKey?: string; id?: string },
): Promise<void> {
  const id = key.id !== undefined ? Number(key.id) : undefined;
  if (key.urlKey === undefined && !(id !== undefined && Number.isInteger(id) && id > 0)) throw notFound();
  const queryKey =
    key.urlKey !== undefined
      ? catalogQueries.detailByUrlKey(key.urlKey, locale).queryKey
      : catalogQueries.detail(id ?? 0, locale).queryKey;
  // A reload under a weak signal: the device's saved copy (being restored) opens the page, not the network.
  if (queryClient.getQueryState(queryKey) === undefined) await cacheRestore.whenRestored();
  try {
    const product =
      key.urlKey !== undefined
        ? await queryClient.ensureQueryData(catalogQueries.detailByUrlKey(key.urlKey, locale))
        : await queryClient.ensureQueryData(catalogQueries.detail(id ?? 0, locale));
    if (!product) throw notFound();
    // What the page shows under the product starts now too (not when the page has rendered), so that
    // the server renders it and the browser hydrates it instead of mounting it after.
    void queryClient.prefetchQuery(catalogQueries.additionalInformation(product.id, locale));
    void queryClient.prefetchQuery(catalogQueries.configurableConfig(product.id, locale));
    void queryClient.prefetchQuery(catalogQueries.reviews(product.id));
    void queryClient.prefetchQuery(catalogQueries.list(relatedProductsParams, locale));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}
