/*
 * Offline packs ("Save for offline"), the rules shared by the page that saves a pack and the service worker that
 * answers from it. A pack is one Cache Storage cache holding the exact API and image replies a category's pages
 * ask for, plus two entries of its own: the pack's index (every product of the category, in the server's order)
 * and its metadata, written last, so a cache without metadata is a half pack and is never read.
 *
 * Filtered and sorted lists are not stored one reply per filter set (colours × sizes × tags × prices × sorts
 * would be thousands of replies): the worker filters, sorts and pages the index on the device with the rules
 * below, which are the reference server's (`server/services/catalog/search-plan.ts`, `searchPlan` and
 * `sortOf`). Pure: no DOM, no worker globals, relative imports only (the service worker imports this file).
 */

/** What the rules read of a product (the contract's Product has these fields; kept structural for the worker). */
export interface PackProduct {
  id: number;
  name: string;
  price: number | string;
  special_price?: number | string | null;
  discount: number;
  new: boolean;
  featured?: boolean;
  rating: number;
  saleCount: number;
  created_at?: string | null;
  categories: { id: number; slug: string }[];
  tags: string[];
  variation: {
    color: string;
    option_id?: number;
    size: { name: string; option_id?: number }[];
  }[];
}

/** Every pack cache's name starts with this; the worker keeps such caches when a new version activates. */
export const PACK_CACHE_PREFIX = "offline-pack-";
/** At most this many products are saved per pack (the first ones in the category's default order). */
export const PACK_PRODUCT_CAP = 200;
/** A pack older than this is saved again in the background when the app starts online. */
export const PACK_REFRESH_AFTER_MS = 24 * 60 * 60 * 1000;
/** The key of the pack of the whole catalogue (the home page's and /catalog's). */
export const ALL_PACK_KEY = "all";

/** Entries of a pack cache that are not replies of the API (same origin, a path no route serves). */
export const PACK_META_PATH = "/__offline-pack__/meta.json";
export const PACK_INDEX_PATH = "/__offline-pack__/index.json";

/** The request header of the page's own downloads for a pack: the worker sends them to the network as they are. */
export const PACK_DOWNLOAD_HEADER = "X-Offline-Pack";

export interface PackMeta {
  v: 1;
  /** category slug, or "all" for the whole catalogue */
  key: string;
  /** the category's name as the shop showed it when saved (or empty for the whole catalogue) */
  name: string;
  categoryId: number | null;
  /** the language of its replies (Bagisto's `locale`, decision 051); none: English (saved before packs had one) */
  locale?: string;
  /** when the replies were fetched (the "as of" date) */
  savedAt: number;
  productCount: number;
  /** how many products the category had (more than productCount when the cap cut it) */
  total: number;
  /** bytes of every reply body stored */
  bytes: number;
  /** the size announced before the save */
  estimatedBytes: number;
  entries: number;
  /** further product lists the pack holds (their GET products parameters), saved again on refresh */
  extraLists?: Record<string, string | number>[];
}

export interface PackIndex<P extends PackProduct = PackProduct> {
  products: P[];
}

export function packCacheName(key: string, savedAt: number): string {
  return `${PACK_CACHE_PREFIX}${encodeURIComponent(key)}-${savedAt}`;
}

/** The pack key of a cache name, or null when the name is not a pack's. */
export function packKeyOf(cacheName: string): string | null {
  if (!cacheName.startsWith(PACK_CACHE_PREFIX)) return null;
  const m = /^(.*)-(\d+)$/.exec(cacheName.slice(PACK_CACHE_PREFIX.length));
  return m?.[1] ? decodeURIComponent(m[1]) : null;
}

export function parsePackMeta(value: unknown): PackMeta | null {
  if (typeof value !== "object" || value === null) return null;
  const m = value as Partial<PackMeta>;
  return m.v === 1 &&
    typeof m.key === "string" &&
    typeof m.savedAt === "number" &&
    typeof m.bytes === "number" &&
    typeof m.productCount === "number"
    ? (m as PackMeta)
    : null;
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Lists answered from the saved products                                                                       */

const ROOT_CATEGORY_ID = 1;
const DEFAULT_PAGE_SIZE = 12;
const MAX_PAGE_SIZE = 100;
/** Query parameters whose meaning the device knows; a list asking for any other is not answered from a pack. */
const KNOWN_PARAMS = new Set([
  "category_id",
  "cat_slug",
  "page",
  "limit",
  "sort",
  "order",
  "new",
  "featured",
  "sale",
  "color",
  "size",
  "tag",
  "price",
  "pagination",
  "locale",
]);

export interface PackScope {
  key: string;
  categoryId: number | null;
  locale?: string;
}

/** The language a pack or a request is in: its `locale`, English when it names none. */
const languageOf = (locale: string | null | undefined) => locale || "en";

const on = (v: string | null) => v === "1" || v === "true";
const list = (v: string | null) =>
  (v ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Whether a pack of `scope` holds every product a list request of these parameters can show: the whole-catalogue
 * pack holds every category; a category's pack holds that category only.
 */
export function packCovers(scope: PackScope, params: URLSearchParams): boolean {
  // A pack answers in its own language only: a list is never built from another language's products.
  if (languageOf(params.get("locale")) !== languageOf(scope.locale)) return false;
  if (scope.key === ALL_PACK_KEY) return true;
  const ids = list(params.get("category_id")).map(Number);
  const slug = params.get("cat_slug");
  if (slug) return slug === scope.key && ids.every((id) => id === scope.categoryId);
  return ids.length > 0 && ids.every((id) => id === scope.categoryId);
}

/** The price a product sells at (the server filters and sorts by it). */
export function finalPrice(p: PackProduct): number {
  const special = p.discount > 0 && p.special_price != null ? Number(p.special_price) : NaN;
  return Number.isFinite(special) ? special : Number(p.price);
}

function sortOf(params: URLSearchParams): { key: (p: PackProduct) => number | string; desc: boolean } {
  const s = (params.get("sort") ?? "").toLowerCase();
  const order = params.get("order");
  const byPrice = (desc: boolean) => ({ key: finalPrice, desc });
  if (s === "pricehightolow") return byPrice(true);
  if (s === "pricelowtohigh") return byPrice(false);
  const columns: Record<string, (p: PackProduct) => number | string> = {
    price: finalPrice,
    min_price: finalPrice,
    name: (p) => p.name,
    created_at: (p) => p.created_at ?? "",
    newest: (p) => p.created_at ?? "",
    rating: (p) => p.rating,
    salecount: (p) => p.saleCount,
    sale_count: (p) => p.saleCount,
    bestseller: (p) => p.saleCount,
    id: (p) => p.id,
    discount: (p) => p.discount,
  };
  const key = Object.hasOwn(columns, s) ? columns[s]! : columns.created_at!;
  const ascending = s === "name" || s === "price" || s === "min_price";
  return { key, desc: order ? order === "desc" : !ascending };
}

/** The products a list request matches, in its order (filters and sort as the reference server applies them). */
export function filterPackProducts<P extends PackProduct>(
  products: readonly P[],
  params: URLSearchParams,
): P[] {
  const catIds = list(params.get("category_id"))
    .map(Number)
    .filter((id) => id !== ROOT_CATEGORY_ID);
  const slug = params.get("cat_slug");
  const tags = list(params.get("tag")).map((t) => t.toLowerCase());
  const colors = list(params.get("color")).map((c) => c.toLowerCase());
  const sizes = list(params.get("size")).map((s) => s.toLowerCase());
  const [minRaw, maxRaw] = (params.get("price") ?? "").split(",");
  const min = minRaw ? Number(minRaw) : NaN;
  const max = maxRaw ? Number(maxRaw) : NaN;

  const matchesColor = (v: PackProduct["variation"][number]) =>
    colors.length === 0 ||
    colors.includes(v.color.toLowerCase()) ||
    (v.option_id !== undefined && colors.includes(String(v.option_id)));
  const matchesSize = (s: PackProduct["variation"][number]["size"][number]) =>
    sizes.length === 0 ||
    sizes.includes(s.name.toLowerCase()) ||
    (s.option_id !== undefined && sizes.includes(String(s.option_id)));

  const found = products.filter((p) => {
    if (slug && !p.categories.some((c) => c.slug === slug) && slug !== "root") return false;
    if (catIds.length && !p.categories.some((c) => catIds.includes(c.id))) return false;
    if (tags.length && !p.tags.some((t) => tags.includes(t.toLowerCase()))) return false;
    if (
      (colors.length || sizes.length) &&
      !p.variation.some((v) => matchesColor(v) && v.size.some((s) => matchesSize(s)))
    )
      return false;
    if (on(params.get("new")) && !p.new) return false;
    if (on(params.get("featured")) && !p.featured) return false;
    if (on(params.get("sale")) && !(p.discount > 0)) return false;
    const price = finalPrice(p);
    if (Number.isFinite(min) && price < min) return false;
    if (Number.isFinite(max) && max > 0 && price > max) return false;
    return true;
  });
  const { key, desc } = sortOf(params);
  const dir = desc ? -1 : 1;
  return found.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka < kb) return -dir;
    if (ka > kb) return dir;
    return (a.id - b.id) * dir;
  });
}

/**
 * A GET products reply (Bagisto's pagination envelope) built from a pack's products, or null when the request
 * asks for something the device cannot answer (a search, a product by url_key, a bestseller list…).
 */
export function packListReply<P extends PackProduct>(
  products: readonly P[],
  url: URL,
): { data: P[]; links: Record<string, string | null>; meta: Record<string, unknown> } | null {
  const params = url.searchParams;
  let unknown = false;
  params.forEach((_, name) => {
    if (!KNOWN_PARAMS.has(name)) unknown = true;
  });
  if (unknown) return null;
  const all = filterPackProducts(products, params);
  const page = Math.max(1, Math.floor(Number(params.get("page") ?? 1)) || 1);
  const limit = Math.min(
    MAX_PAGE_SIZE,
    Math.max(1, Math.floor(Number(params.get("limit") ?? DEFAULT_PAGE_SIZE)) || DEFAULT_PAGE_SIZE),
  );
  const items = all.slice((page - 1) * limit, page * limit);
  const lastPage = Math.max(1, Math.ceil(all.length / limit));
  const pageUrl = (p: number) => {
    const q = new URLSearchParams(params);
    q.set("page", String(p));
    return `${url.pathname}?${q.toString()}`;
  };
  const from = items.length ? (page - 1) * limit + 1 : null;
  return {
    data: items,
    links: {
      first: pageUrl(1),
      last: pageUrl(lastPage),
      prev: page > 1 ? pageUrl(page - 1) : null,
      next: page < lastPage ? pageUrl(page + 1) : null,
    },
    meta: {
      current_page: page,
      from,
      last_page: lastPage,
      path: url.pathname,
      per_page: limit,
      to: from === null ? null : from + items.length - 1,
      total: all.length,
    },
  };
}
