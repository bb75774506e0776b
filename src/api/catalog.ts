import { keepPreviousData, queryOptions, type QueryClient } from "@tanstack/react-query";
import type { LocaleCode as Locale } from "./contract/common";
import { apiFetch } from "./client";
import { attributesReplySchema } from "./contract/content";
import {
  additionalInformationReplySchema,
  configurableConfigReplySchema,
  productListReplySchema,
  productReplySchema,
  productWithAdditionalInformationReplySchema,
  type ConfigurableConfig,
  type Product as WireProduct,
} from "./contract/product";
import { reviewListReplySchema, type Review as WireReview } from "./contract/review";
import { ROOT_CATEGORY_ID } from "./contract/category";
import { categoryQueries } from "./categories";
import type { PaginationMeta } from "./contract/common";
import { pageOf } from "./paging";
import {
  needsConfig,
  reshapeProduct,
  reshapeSpecs,
  toAmount,
  type Product,
  type ProductSpec,
  type ProductWithSpecs,
} from "./product";

import {
  compact,
  productListQuery,
  reshapeFilters,
  type CatalogFilterSet,
  type CatalogIds,
  type ProductListParams,
} from "./product-list-query";

export type { Product, ProductSpec, ProductWithSpecs } from "./product";
export {
  productListQuery,
  reshapeFilters,
  type CatalogFilterSet,
  type CatalogIds,
  type FilterGroup,
  type FilterOption,
  type ProductListParams,
  type ProductListQueryWire,
} from "./product-list-query";

/** A page of products and where it sits in the list. */
export interface ProductList {
  data: Product[];
  total: number;
  /** this page, from 1 */
  page: number;
  pageCount: number;
}

function reshapeList(data: Product[], meta: PaginationMeta | undefined): ProductList {
  // No meta: the whole list, on one page.
  const { page, lastPage, total } = pageOf(meta, 1, data.length);
  return { data, total, page, pageCount: lastPage };
}

/** An approved review, as the product page shows it. */
export interface Review {
  id: number;
  title: string;
  /** 1 to 5 */
  rating: number;
  comment: string;
  name: string;
  createdAt: string | null;
}

export interface ReviewList {
  data: Review[];
  total: number;
}

function reshapeReview(wire: WireReview): Review {
  return {
    id: wire.id,
    title: wire.title,
    rating: toAmount(wire.rating),
    comment: wire.comment,
    name: wire.name,
    createdAt: wire.created_at,
  };
}

const CATALOG_STALE_TIME = 5 * 60 * 1000;

/** The ids a list of these params needs, from the query cache or fetched once (a failed read maps nothing). */
async function catalogIdsFor(
  client: QueryClient,
  params: ProductListParams,
  locale: Locale,
): Promise<CatalogIds> {
  const [categories, attributes] = await Promise.all([
    params.categorySlug
      ? client.ensureQueryData(categoryQueries.descendants(ROOT_CATEGORY_ID, locale)).catch(() => undefined)
      : undefined,
    params.color || params.size
      ? client
          .ensureQueryData(catalogQueries.attributes(params.categorySlug, locale))
          .then((r) => r.groups)
          .catch(() => undefined)
      : undefined,
  ]);
  return { categories, attributes };
}

/**
 * The path and query of each catalogue read, shared by the fetchers below and by the offline packs, which store
 * the replies under the very addresses these fetchers ask for (so a saved page works unchanged offline). Each
 * carries the shopper's language as Bagisto's `locale` (decision 051): a reply, and every cache of it, is one
 * language's.
 */
export const catalogRequests = {
  list: (params: ProductListParams, locale: Locale, ids?: CatalogIds) => ({
    path: "products",
    query: { ...productListQuery(params, ids), locale },
  }),
  detailByUrlKey: (urlKey: string, locale: Locale) => ({
    path: "products",
    query: { category_id: ROOT_CATEGORY_ID, url_key: urlKey, locale },
  }),
  detail: (id: number, locale: Locale) => ({ path: `products/${id}`, query: { locale } }),
  additionalInformation: (id: number, locale: Locale) => ({
    path: `product-additional-information/${id}`,
    query: { locale },
  }),
  configurableConfig: (id: number, locale: Locale) => ({
    path: `product-configurable-config/${id}`,
    query: { locale },
  }),
  newWithInformation: (limit: number, locale: Locale) => ({
    path: "product-with-additional-information",
    query: { new: 1, limit, locale },
  }),
  attributes: (catSlug: string | undefined, locale: Locale) => ({
    path: "getattributes",
    query: { cat_slug: catSlug, locale },
  }),
  reviews: (productId: number, page = 1, limit = 5) => ({
    path: "reviews",
    query: { product_id: productId, status: "approved", page, limit },
  }),
};

/** A page of products (GET products) with Bagisto's pagination envelope. */
export async function listProducts(
  params: ProductListParams,
  locale: Locale,
  signal?: AbortSignal,
  client?: QueryClient,
): Promise<ProductList> {
  const r = catalogRequests.list(
    params,
    locale,
    client ? await catalogIdsFor(client, params, locale) : undefined,
  );
  const reply = await apiFetch(r.path, {
    query: r.query,
    schema: productListReplySchema,
    auth: "none",
    signal,
  });
  return reshapeList(
    reply.data.map((p) => reshapeProduct(p)),
    reply.meta,
  );
}

/** A product with its colours and sizes: a plain Bagisto tells them in product-configurable-config only. */
async function withColours(wire: WireProduct, locale: Locale, signal?: AbortSignal): Promise<Product> {
  const config = needsConfig(wire) ? await getConfigurableConfig(wire.id, locale, signal) : null;
  return reshapeProduct(wire, config);
}

/** One product by its url_key (GET products?category_id=1&url_key=); null when there is none. */
export async function getProductByUrlKey(
  urlKey: string,
  locale: Locale,
  signal?: AbortSignal,
): Promise<Product | null> {
  const r = catalogRequests.detailByUrlKey(urlKey, locale);
  const reply = await apiFetch(r.path, {
    query: r.query,
    schema: productListReplySchema,
    auth: "none",
    signal,
  });
  // Bagisto (and the reference server) match url_key as a substring; only the exact key is this product.
  const wire = reply.data.find((p) => p.url_key === urlKey);
  return wire ? withColours(wire, locale, signal) : null;
}

/** One product by id (GET products/{id}), for the layout variants that take an id. */
export async function getProduct(id: number, locale: Locale, signal?: AbortSignal): Promise<Product> {
  const r = catalogRequests.detail(id, locale);
  const reply = await apiFetch(r.path, { query: r.query, schema: productReplySchema, auth: "none", signal });
  return withColours(reply.data, locale, signal);
}

/** The bicycle specs list (GET product-additional-information/{id}). */
export async function getAdditionalInformation(
  id: number,
  locale: Locale,
  signal?: AbortSignal,
): Promise<ProductSpec[]> {
  const r = catalogRequests.additionalInformation(id, locale);
  const reply = await apiFetch(r.path, {
    query: r.query,
    schema: additionalInformationReplySchema,
    auth: "none",
    signal,
  });
  return reshapeSpecs(reply.data);
}

/** Colour/size attributes and the variant index (GET product-configurable-config/{id}). */
export async function getConfigurableConfig(
  id: number,
  locale: Locale,
  signal?: AbortSignal,
): Promise<ConfigurableConfig> {
  const r = catalogRequests.configurableConfig(id, locale);
  const reply = await apiFetch(r.path, {
    query: r.query,
    schema: configurableConfigReplySchema,
    auth: "none",
    signal,
  });
  return reply.data;
}

/** Newly arrived products with their specs (GET product-with-additional-information?new=1&limit=). */
export async function listNewProductsWithInformation(
  limit: number,
  locale: Locale,
  signal?: AbortSignal,
): Promise<ProductWithSpecs[]> {
  const r = catalogRequests.newWithInformation(limit, locale);
  const reply = await apiFetch(r.path, {
    query: r.query,
    schema: productWithAdditionalInformationReplySchema,
    auth: "none",
    signal,
  });
  return reply.data.map((p) => ({
    ...reshapeProduct(p),
    additionalSpecs: reshapeSpecs(p.additional_information),
  }));
}

/** Filterable attributes (colour, size, tag) of a category, with counts and the price range (GET getattributes). */
export async function getFilterAttributes(
  catSlug: string | undefined,
  locale: Locale,
  signal?: AbortSignal,
): Promise<CatalogFilterSet> {
  const r = catalogRequests.attributes(catSlug, locale);
  const reply = await apiFetch(r.path, {
    query: r.query,
    schema: attributesReplySchema,
    auth: "none",
    signal,
  });
  return reshapeFilters(reply);
}

/** Approved reviews of a product (GET reviews?product_id=&status=approved). */
export async function listReviews(
  productId: number,
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<ReviewList> {
  const r = catalogRequests.reviews(productId, page, limit);
  const reply = await apiFetch(r.path, {
    query: r.query,
    schema: reviewListReplySchema,
    auth: "none",
    signal,
  });
  return { data: reply.data.map(reshapeReview), total: reply.meta?.total ?? reply.data.length };
}

/**
 * The catalogue's query keys: the language after the root (decision 051), so each language is a query of its
 * own (switching language reads the other's, the device keeps both apart); `all` is every language's.
 */
export const catalogKeys = {
  all: ["catalog"] as const,
  inLocale: (locale: Locale) => [...catalogKeys.all, locale] as const,
  lists: (locale: Locale) => [...catalogKeys.inLocale(locale), "list"] as const,
  list: (params: ProductListParams, locale: Locale) =>
    [...catalogKeys.lists(locale), compact(params)] as const,
  newWithInformation: (limit: number, locale: Locale) =>
    [...catalogKeys.inLocale(locale), "new-with-information", limit] as const,
  details: (locale: Locale) => [...catalogKeys.inLocale(locale), "detail"] as const,
  detailByUrlKey: (urlKey: string, locale: Locale) =>
    [...catalogKeys.details(locale), "url-key", urlKey] as const,
  detail: (id: number, locale: Locale) => [...catalogKeys.details(locale), "id", id] as const,
  additionalInformation: (id: number, locale: Locale) =>
    [...catalogKeys.detail(id, locale), "additional-information"] as const,
  configurableConfig: (id: number, locale: Locale) =>
    [...catalogKeys.detail(id, locale), "configurable-config"] as const,
  /** reviews are the shoppers' own words, the same in every language */
  reviews: (id: number, page: number, limit: number) =>
    [...catalogKeys.all, "reviews", id, page, limit] as const,
  attributes: (catSlug: string | undefined, locale: Locale) =>
    [...catalogKeys.inLocale(locale), "attributes", catSlug ?? ""] as const,
};

export const catalogQueries = {
  /** A product list; keeps the previous page on screen while the next one loads. */
  list: (params: ProductListParams, locale: Locale) =>
    queryOptions({
      queryKey: catalogKeys.list(params, locale),
      queryFn: ({ signal, client }) => listProducts(params, locale, signal, client),
      staleTime: CATALOG_STALE_TIME,
      placeholderData: keepPreviousData,
    }),
  newWithInformation: (limit: number, locale: Locale) =>
    queryOptions({
      queryKey: catalogKeys.newWithInformation(limit, locale),
      queryFn: ({ signal }) => listNewProductsWithInformation(limit, locale, signal),
      staleTime: CATALOG_STALE_TIME,
    }),
  detailByUrlKey: (urlKey: string, locale: Locale) =>
    queryOptions({
      queryKey: catalogKeys.detailByUrlKey(urlKey, locale),
      queryFn: ({ signal }) => getProductByUrlKey(urlKey, locale, signal),
      staleTime: CATALOG_STALE_TIME,
    }),
  detail: (id: number, locale: Locale) =>
    queryOptions({
      queryKey: catalogKeys.detail(id, locale),
      queryFn: ({ signal }) => getProduct(id, locale, signal),
      staleTime: CATALOG_STALE_TIME,
    }),
  additionalInformation: (id: number, locale: Locale) =>
    queryOptions({
      queryKey: catalogKeys.additionalInformation(id, locale),
      queryFn: ({ signal }) => getAdditionalInformation(id, locale, signal),
      staleTime: CATALOG_STALE_TIME,
    }),
  configurableConfig: (id: number, locale: Locale) =>
    queryOptions({
      queryKey: catalogKeys.configurableConfig(id, locale),
      queryFn: ({ signal }) => getConfigurableConfig(id, locale, signal),
      staleTime: CATALOG_STALE_TIME,
    }),
  reviews: (id: number, page = 1, limit = 5) =>
    queryOptions({
      queryKey: catalogKeys.reviews(id, page, limit),
      queryFn: ({ signal }) => listReviews(id, page, limit, signal),
      staleTime: CATALOG_STALE_TIME,
    }),
  attributes: (catSlug: string | undefined, locale: Locale) =>
    queryOptions({
      queryKey: catalogKeys.attributes(catSlug, locale),
      queryFn: ({ signal }) => getFilterAttributes(catSlug, locale, signal),
      staleTime: 10 * 60 * 1000,
    }),
};

/**
 * The name of a product found in any cached catalogue reply (lists, details, related products), or null: a
 * waiting change that carries only the product id is still worded with its name.
 */
export function cachedProductName(client: QueryClient, productId: number): string | null {
  const visit = (value: unknown, depth: number): string | null => {
    if (depth > 4 || typeof value !== "object" || value === null) return null;
    if (Array.isArray(value)) {
      for (const item of value) {
        const found = visit(item, depth + 1);
        if (found) return found;
      }
      return null;
    }
    const v = value as { id?: unknown; name?: unknown; urlKey?: unknown; data?: unknown };
    if (v.id === productId && typeof v.name === "string" && typeof v.urlKey === "string") return v.name;
    return "data" in v ? visit(v.data, depth + 1) : null;
  };
  for (const query of client.getQueryCache().findAll({ queryKey: catalogKeys.all })) {
    const found = visit(query.state.data, 0);
    if (found) return found;
  }
  return null;
}
