/*
 * The catalogue's state in the address bar: filters, sort and page as search params, and how they turn
 * into a GET products request. Invalid values fall back to the defaults; defaults are left out of the URL.
 */
import { z } from "zod/mini";
import { trimmedText } from "@/api/contract/common";
import type { ProductListParams } from "@/api/catalog";

export const SORT_OPTIONS = ["default", "priceHighToLow", "priceLowToHigh"] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const CATALOG_PAGE_SIZE = 12;

export interface CatalogSearch {
  page?: number;
  sort?: Exclude<SortOption, "default">;
  /** category slug, on the pages whose path carries none */
  category?: string;
  tag?: string;
  color?: string;
  size?: string;
  /** price bounds in the base currency (INR) */
  minPrice?: number;
  maxPrice?: number;
}

/** The keys a shopper filters by (everything but page and sort). */
export const FILTER_KEYS = ["category", "tag", "color", "size", "minPrice", "maxPrice"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

const word = z.lazy(() => trimmedText(100, { min: 1 }).check(z.regex(/^[\p{L}\p{N}\-_ /]+$/u)));
const amount = z.lazy(() => z.coerce.number().check(z.gte(0), z.lte(1e9)));

const fields = {
  page: z.lazy(() => z.coerce.number().check(z.int(), z.gte(1), z.lte(100000))),
  sort: z.lazy(() => z.enum(["priceHighToLow", "priceLowToHigh"])),
  category: word,
  tag: word,
  color: word,
  size: word,
  minPrice: amount,
  maxPrice: amount,
} satisfies Record<keyof CatalogSearch, z.ZodMiniType>;

/** `validateSearch` of the catalogue routes: keeps each valid value, drops the rest (never throws). */
export function parseCatalogSearch(raw: Record<string, unknown>): CatalogSearch {
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(fields)) {
    const value = raw[key];
    if (value === undefined || value === null || value === "") continue;
    const parsed = schema.safeParse(value);
    if (parsed.success) out[key] = parsed.data;
  }
  const search = out as CatalogSearch;
  if (search.page === 1) delete search.page;
  if (search.minPrice !== undefined && search.maxPrice !== undefined && search.minPrice > search.maxPrice) {
    delete search.minPrice;
    delete search.maxPrice;
  }
  return search;
}

function compact(search: CatalogSearch): CatalogSearch {
  return Object.fromEntries(
    Object.entries(search).filter(([, v]) => v !== undefined && v !== null && v !== ""),
  ) as CatalogSearch;
}

/** A filter changed: the list starts again at page 1. */
export function withFilters(
  search: CatalogSearch,
  patch: Partial<Pick<CatalogSearch, FilterKey>>,
): CatalogSearch {
  const next = compact({ ...search, ...patch });
  delete next.page;
  return next;
}

/** The sort changed: back to page 1; the default sort is left out of the URL. */
export function withSort(search: CatalogSearch, sort: SortOption): CatalogSearch {
  const next = compact({ ...search, sort: sort === "default" ? undefined : sort });
  delete next.page;
  return next;
}

/** Another page of the same list. */
export function withPage(search: CatalogSearch, page: number): CatalogSearch {
  return compact({ ...search, page: page > 1 ? Math.floor(page) : undefined });
}

/** 'Reset filters': clears every filter (the sort stays), back to page 1. */
export function withoutFilters(search: CatalogSearch): CatalogSearch {
  return search.sort ? { sort: search.sort } : {};
}

export function hasFilters(search: CatalogSearch): boolean {
  return FILTER_KEYS.some((k) => search[k] !== undefined);
}

/** What GET products is asked for this page of the catalogue. */
export function toProductListParams(
  search: CatalogSearch,
  { slug, limit = CATALOG_PAGE_SIZE }: { slug?: string; limit?: number } = {},
): ProductListParams {
  const catSlug = slug ?? search.category;
  const price =
    search.minPrice !== undefined || search.maxPrice !== undefined
      ? `${search.minPrice ?? 0},${search.maxPrice ?? 0}`
      : undefined;
  return {
    ...(catSlug ? { categorySlug: catSlug } : { categoryId: "1" }),
    page: search.page ?? 1,
    limit,
    // Bagisto's form (`sort=price&order=…`): it knows no priceHighToLow (the address bar keeps that name).
    ...(search.sort ? { sort: "price", order: search.sort === "priceHighToLow" ? "desc" : "asc" } : {}),
    tag: search.tag,
    color: search.color,
    size: search.size,
    price,
  };
}
