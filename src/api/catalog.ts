import { keepPreviousData, queryOptions, type QueryClient } from "@tanstack/react-query";
import { apiFetch } from "./client";
import { attributesReplySchema, type AttributesReply } from "./contract/content";
import {
  additionalInformationReplySchema,
  configurableConfigReplySchema,
  productListReplySchema,
  productReplySchema,
  productWithAdditionalInformationReplySchema,
  type ConfigurableConfig,
  type Product as WireProduct,
  type ProductListQuery,
} from "./contract/product";
import { reviewListReplySchema, type Review as WireReview } from "./contract/review";
import { ROOT_CATEGORY_ID, type Category } from "./contract/category";
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

export type { Product, ProductSpec, ProductWithSpecs } from "./product";

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

/** GET products' query as the wire spells it (api/contract/product.ts): what productListQuery builds. */
export type ProductListQueryWire = Pick<
  ProductListQuery,
  | "category_id"
  | "cat_slug"
  | "page"
  | "limit"
  | "sort"
  | "order"
  | "search"
  | "new"
  | "featured"
  | "bestseller"
  | "sale"
  | "color"
  | "size"
  | "tag"
  | "price"
>;

/**
 * What a product list asks for, in the storefront's words; every field is optional. productListQuery turns it
 * into GET products' query (`categoryId` → `category_id`, `categorySlug` → `cat_slug`, sort `newest` →
 * `created_at`) keeping the keys' order, so a list's address (where offline packs store it) is the same.
 */
export interface ProductListParams {
  /** a category's id, or ids as a comma list */
  categoryId?: string;
  categorySlug?: string;
  page?: number;
  limit?: number;
  /** `newest` (the newest first with `order: "desc"`), or a sort the API knows (`price`, `name`, …) */
  sort?: string;
  order?: "asc" | "desc";
  search?: string;
  new?: ProductListQuery["new"];
  featured?: ProductListQuery["featured"];
  bestseller?: ProductListQuery["bestseller"];
  sale?: ProductListQuery["sale"];
  /** colour names or option ids, comma list */
  color?: string;
  /** size names or option ids, comma list */
  size?: string;
  /** tag names, comma list */
  tag?: string;
  /** "min,max" */
  price?: string;
}

/** The storefront's list keys that the wire spells otherwise. */
const WIRE_LIST_KEYS: Partial<Record<keyof ProductListParams, keyof ProductListQueryWire>> = {
  categoryId: "category_id",
  categorySlug: "cat_slug",
};
/** The storefront's sort names that the wire spells otherwise. */
const WIRE_SORTS: Record<string, string> = { newest: "created_at" };

const CATALOG_STALE_TIME = 5 * 60 * 1000;

/** Drops empty values so equal filters give equal query keys. */
function compact<T extends object>(params: T): T {
  return Object.fromEntries(
    Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== ""),
  ) as T;
}

/**
 * What the shop knows of Bagisto's ids: the category tree (slug → `category_id`) and the filter attributes
 * (a colour's or size's name → its option id). Either may be missing (not loaded, or a back end without
 * `getattributes`); a name that cannot be mapped is sent as it is (the reference server reads names too).
 */
export interface CatalogIds {
  categories?: readonly Pick<Category, "id" | "slug">[];
  attributes?: readonly Pick<FilterGroup, "code" | "options">[];
}

/** One choice of a list filter (a colour, a size, a tag). */
export interface FilterOption {
  id: number;
  /** what the shopper reads, in the shop's language */
  label: string;
  /** the name the address bar and the product's colours use (Bagisto's admin name, else the label) */
  name: string;
  /** a colour's swatch (a CSS colour), or null */
  swatch: string | null;
  /** how many products of the category have it, when the server tells */
  count?: number;
}

/** A filterable attribute of a category (`color`, `size`, `tag`) with its choices. */
export interface FilterGroup {
  code: string;
  name: string;
  options: FilterOption[];
}

/** A category's list filters: its attributes and the range of its prices (GET getattributes). */
export interface CatalogFilterSet {
  groups: FilterGroup[];
  priceRange?: { min: number; max: number };
}

export function reshapeFilters(reply: AttributesReply): CatalogFilterSet {
  return {
    groups: reply.data.map((a) => ({
      code: a.code,
      name: a.name,
      options: a.options.map((o) => ({
        id: o.id,
        label: o.label,
        name: o.admin_name || o.label,
        swatch: o.swatch_value,
        ...(o.count === undefined ? {} : { count: o.count }),
      })),
    })),
    ...(reply.price_range ? { priceRange: { min: reply.price_range.min, max: reply.price_range.max } } : {}),
  };
}

/** A colour's or size's option id by its name (admin name or label, any case); a number passes as it is. */
function optionIds(value: string | undefined, code: string, ids: CatalogIds): string | undefined {
  if (value === undefined) return undefined;
  const options = ids.attributes?.find((a) => a.code === code)?.options ?? [];
  return value
    .split(",")
    .map((name) => {
      const n = name.trim().toLowerCase();
      if (/^\d+$/.test(n)) return n;
      const option = options.find((o) => o.name.toLowerCase() === n || o.label.toLowerCase() === n);
      return option ? String(option.id) : name.trim();
    })
    .join(",");
}

/**
 * The query of GET products as Bagisto takes it: the storefront's keys in the wire's spelling (in their order),
 * a category slug becomes `category_id` once the tree is known, colour and size names become option ids once
 * the filter attributes are (bagisto-compat.md §8).
 */
export function productListQuery(params: ProductListParams, ids: CatalogIds = {}): ProductListQueryWire {
  const wire = Object.fromEntries(
    Object.entries(params).map(([key, value]) => [
      WIRE_LIST_KEYS[key as keyof ProductListParams] ?? key,
      value,
    ]),
  ) as ProductListQueryWire;
  const { cat_slug: slug, ...rest } = wire;
  const category = slug === undefined ? undefined : ids.categories?.find((c) => c.slug === slug);
  return compact({
    ...rest,
    ...(category ? { category_id: String(category.id) } : { cat_slug: slug }),
    sort: rest.sort === undefined ? undefined : (WIRE_SORTS[rest.sort] ?? rest.sort),
    color: optionIds(params.color, "color", ids),
    size: optionIds(params.size, "size", ids),
  });
}

/** The ids a list of these params needs, from the query cache or fetched once (a failed read maps nothing). */
async function catalogIdsFor(client: QueryClient, params: ProductListParams): Promise<CatalogIds> {
  const [categories, attributes] = await Promise.all([
    params.categorySlug
      ? client.ensureQueryData(categoryQueries.descendants(ROOT_CATEGORY_ID)).catch(() => undefined)
      : undefined,
    params.color || params.size
      ? client
          .ensureQueryData(catalogQueries.attributes(params.categorySlug))
          .then((r) => r.groups)
          .catch(() => undefined)
      : undefined,
  ]);
  return { categories, attributes };
}

/**
 * The path and query of each catalogue read, shared by the fetchers below and by the offline packs, which store
 * the replies under the very addresses these fetchers ask for (so a saved page works unchanged offline).
 */
export const catalogRequests = {
  list: (params: ProductListParams, ids?: CatalogIds) => ({
    path: "products",
    query: productListQuery(params, ids),
  }),
  detailByUrlKey: (urlKey: string) => ({
    path: "products",
    query: { category_id: ROOT_CATEGORY_ID, url_key: urlKey },
  }),
  additionalInformation: (id: number) => ({ path: `product-additional-information/${id}`, query: {} }),
  configurableConfig: (id: number) => ({ path: `product-configurable-config/${id}`, query: {} }),
  attributes: (catSlug: string | undefined) => ({ path: "getattributes", query: { cat_slug: catSlug } }),
  reviews: (productId: number, page = 1, limit = 5) => ({
    path: "reviews",
    query: { product_id: productId, status: "approved", page, limit },
  }),
};

/** A page of products (GET products) with Bagisto's pagination envelope. */
export async function listProducts(
  params: ProductListParams,
  signal?: AbortSignal,
  client?: QueryClient,
): Promise<ProductList> {
  const r = catalogRequests.list(params, client ? await catalogIdsFor(client, params) : undefined);
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
async function withColours(wire: WireProduct, signal?: AbortSignal): Promise<Product> {
  const config = needsConfig(wire) ? await getConfigurableConfig(wire.id, signal) : null;
  return reshapeProduct(wire, config);
}

/** One product by its url_key (GET products?category_id=1&url_key=); null when there is none. */
export async function getProductByUrlKey(urlKey: string, signal?: AbortSignal): Promise<Product | null> {
  const r = catalogRequests.detailByUrlKey(urlKey);
  const reply = await apiFetch(r.path, {
    query: r.query,
    schema: productListReplySchema,
    auth: "none",
    signal,
  });
  // Bagisto (and the reference server) match url_key as a substring; only the exact key is this product.
  const wire = reply.data.find((p) => p.url_key === urlKey);
  return wire ? withColours(wire, signal) : null;
}

/** One product by id (GET products/{id}), for the layout variants that take an id. */
export async function getProduct(id: number, signal?: AbortSignal): Promise<Product> {
  const reply = await apiFetch(`products/${id}`, { schema: productReplySchema, auth: "none", signal });
  return withColours(reply.data, signal);
}

/** The bicycle specs list (GET product-additional-information/{id}). */
export async function getAdditionalInformation(id: number, signal?: AbortSignal): Promise<ProductSpec[]> {
  const reply = await apiFetch(catalogRequests.additionalInformation(id).path, {
    schema: additionalInformationReplySchema,
    auth: "none",
    signal,
  });
  return reshapeSpecs(reply.data);
}

/** Colour/size attributes and the variant index (GET product-configurable-config/{id}). */
export async function getConfigurableConfig(id: number, signal?: AbortSignal): Promise<ConfigurableConfig> {
  const reply = await apiFetch(catalogRequests.configurableConfig(id).path, {
    schema: configurableConfigReplySchema,
    auth: "none",
    signal,
  });
  return reply.data;
}

/** Newly arrived products with their specs (GET product-with-additional-information?new=1&limit=). */
export async function listNewProductsWithInformation(
  limit: number,
  signal?: AbortSignal,
): Promise<ProductWithSpecs[]> {
  const reply = await apiFetch("product-with-additional-information", {
    query: { new: 1, limit },
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
  signal?: AbortSignal,
): Promise<CatalogFilterSet> {
  const r = catalogRequests.attributes(catSlug);
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

export const catalogKeys = {
  all: ["catalog"] as const,
  lists: () => [...catalogKeys.all, "list"] as const,
  list: (params: ProductListParams) => [...catalogKeys.lists(), compact(params)] as const,
  newWithInformation: (limit: number) => [...catalogKeys.all, "new-with-information", limit] as const,
  details: () => [...catalogKeys.all, "detail"] as const,
  detailByUrlKey: (urlKey: string) => [...catalogKeys.details(), "url-key", urlKey] as const,
  detail: (id: number) => [...catalogKeys.details(), "id", id] as const,
  additionalInformation: (id: number) => [...catalogKeys.detail(id), "additional-information"] as const,
  configurableConfig: (id: number) => [...catalogKeys.detail(id), "configurable-config"] as const,
  reviews: (id: number, page: number, limit: number) =>
    [...catalogKeys.detail(id), "reviews", page, limit] as const,
  attributes: (catSlug: string | undefined) => [...catalogKeys.all, "attributes", catSlug ?? ""] as const,
};

export const catalogQueries = {
  /** A product list; keeps the previous page on screen while the next one loads. */
  list: (params: ProductListParams) =>
    queryOptions({
      queryKey: catalogKeys.list(params),
      queryFn: ({ signal, client }) => listProducts(params, signal, client),
      staleTime: CATALOG_STALE_TIME,
      placeholderData: keepPreviousData,
    }),
  newWithInformation: (limit: number) =>
    queryOptions({
      queryKey: catalogKeys.newWithInformation(limit),
      queryFn: ({ signal }) => listNewProductsWithInformation(limit, signal),
      staleTime: CATALOG_STALE_TIME,
    }),
  detailByUrlKey: (urlKey: string) =>
    queryOptions({
      queryKey: catalogKeys.detailByUrlKey(urlKey),
      queryFn: ({ signal }) => getProductByUrlKey(urlKey, signal),
      staleTime: CATALOG_STALE_TIME,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: catalogKeys.detail(id),
      queryFn: ({ signal }) => getProduct(id, signal),
      staleTime: CATALOG_STALE_TIME,
    }),
  additionalInformation: (id: number) =>
    queryOptions({
      queryKey: catalogKeys.additionalInformation(id),
      queryFn: ({ signal }) => getAdditionalInformation(id, signal),
      staleTime: CATALOG_STALE_TIME,
    }),
  configurableConfig: (id: number) =>
    queryOptions({
      queryKey: catalogKeys.configurableConfig(id),
      queryFn: ({ signal }) => getConfigurableConfig(id, signal),
      staleTime: CATALOG_STALE_TIME,
    }),
  reviews: (id: number, page = 1, limit = 5) =>
    queryOptions({
      queryKey: catalogKeys.reviews(id, page, limit),
      queryFn: ({ signal }) => listReviews(id, page, limit, signal),
      staleTime: CATALOG_STALE_TIME,
    }),
  attributes: (catSlug: string | undefined) =>
    queryOptions({
      queryKey: catalogKeys.attributes(catSlug),
      queryFn: ({ signal }) => getFilterAttributes(catSlug, signal),
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
