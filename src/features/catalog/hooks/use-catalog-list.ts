import { useQuery } from "@tanstack/react-query";
import { useLocale } from "@/i18n/i18n";
import { useNavigate } from "@tanstack/react-router";
import { bicycleTypes, categoryQueries, ROOT_CATEGORY_ID } from "@/api/categories";
import { useState } from "react";
import { catalogQueries } from "@/api/catalog";
import type { ProductList } from "@/api/catalog";
import {
  toProductListParams,
  withFilters,
  withoutFilters,
  withPage,
  withSort,
  hasFilters,
  type CatalogSearch,
  type FilterKey,
  type SortOption,
} from "../utils/catalog-search";

/**
 * A catalogue page: the products of the address's filters, the attributes and categories to filter by,
 * and handlers that write the next state to the address (filters and sort go back to page 1).
 * A failed product request leaves what was shown (SPEC §8: product list failures are ignored, no toast); with
 * nothing shown before, the list is failed (SPEC §4) and says so rather than "0 products".
 */
export function useCatalogList({ slug, search }: { slug?: string; search: CatalogSearch }) {
  const navigate = useNavigate();
  const locale = useLocale();
  const params = toProductListParams(search, { slug });
  const catSlug = slug ?? search.category;
  const list = useQuery(catalogQueries.list(params, locale));
  const [lastShown, setLastShown] = useState<ProductList | undefined>(undefined);
  if (list.isSuccess && !list.isPlaceholderData && list.data !== lastShown) setLastShown(list.data);
  const data = list.isError ? lastShown : list.data;
  const categories = useQuery(categoryQueries.descendants(ROOT_CATEGORY_ID, locale));
  const attributes = useQuery(catalogQueries.attributes(catSlug, locale));
  const children = useQuery({ ...categoryQueries.children(slug ?? "", locale), enabled: Boolean(slug) });

  const go = (next: CatalogSearch) => {
    void navigate({ to: ".", search: next as never, resetScroll: false });
  };
  const category = categories.data?.find((c) => c.slug === catSlug);

  return {
    products: data?.data ?? [],
    isLoading: list.isPending && !lastShown,
    isFetching: list.isFetching,
    /** the request failed and no earlier list is there to keep showing */
    isFailed: list.isError && !data,
    retry: () => void list.refetch(),
    /** when the shown prices and stock were fetched (the "as of" time when offline) */
    updatedAt: list.dataUpdatedAt,
    total: data?.total ?? 0,
    page: data?.page ?? search.page ?? 1,
    pageCount: data?.pageCount ?? 1,
    categoryName: category?.name,
    isUnknownCategory: Boolean(slug) && categories.isSuccess && !category && attributes.isError,
    categories: bicycleTypes(categories.data ?? []),
    /** the child categories of the path's category (none when it has none or they cannot be read) */
    childCategories: children.data ?? [],
    attributes: attributes.data?.groups ?? [],
    priceRange: attributes.data?.priceRange,
    hasFilters: hasFilters(search),
    sort: (search.sort ?? "default") as SortOption,
    onFilterChange: (patch: Partial<Pick<CatalogSearch, FilterKey>>) => go(withFilters(search, patch)),
    onSortChange: (sort: SortOption) => go(withSort(search, sort)),
    onPageChange: (page: number) => {
      go(withPage(search, page));
      if (typeof window !== "undefined") window.scrollTo({ top: 0 });
    },
    onResetFilters: () => go(withoutFilters(search)),
  };
}
