/*
 * Saving a pack: measure (the list, a few sample products and images, the estimate, the free space), then
 * download everything else into a new cache, product by product, and commit by writing the metadata last.
 * A cancelled or failed save deletes its new cache, so there is never a half pack; an older pack of the same
 * category stays until the new one is complete.
 *
 * The downloads bypass the service worker's runtime caches (PACK_DOWNLOAD_HEADER) and are sent without
 * cookies: a pack holds anonymous catalogue replies only, never a personal one.
 */
import { buildUrl, API_ROOT } from "@/api/client";
import { normaliseLocale, DEFAULT_LOCALE, type Locale } from "@/i18n/locale";
import { catalogRequests, type ProductListParams } from "@/api/catalog";
import { categoryRequests, ROOT_CATEGORY_ID } from "@/api/categories";
import {
  configurableConfigReplySchema,
  productListReplySchema,
  type ConfigurableConfig,
  type Product,
} from "@/api/contract/product";
import { needsConfig, reshapeProduct } from "@/api/product";
import {
  ALL_PACK_KEY,
  PACK_DOWNLOAD_HEADER,
  PACK_INDEX_PATH,
  PACK_PRODUCT_CAP,
  packCacheName,
  type PackMeta,
} from "@/offline/shared/pack-rules";
import { isPersonal } from "@/offline/shared/personal-requests";
import { estimatePackBytes, jsonBytes, spreadSample, type ReplyKind } from "./pack-estimate";
import { cardImage, packImages, type ImageKind, type PackImage } from "./pack-images";
import { deletePackCaches, metaUrl, notifyPacksChanged, withPackLock } from "./pack-store";

/** What a pack covers: a category (by slug) or the whole catalogue, in one language. */
export interface PackScope {
  key: string;
  /** the category's name, empty for the whole catalogue */
  name: string;
  categoryId: number | null;
  /** the language its replies are in (decision 051: a pack holds one language, the one it was saved in) */
  locale: Locale;
}

/** The scope of a saved pack, saved again (a pack saved before packs had a language is English). */
export function scopeOfPack(meta: Pick<PackMeta, "key" | "name" | "categoryId" | "locale">): PackScope {
  return {
    key: meta.key,
    name: meta.name,
    categoryId: meta.categoryId,
    locale: normaliseLocale(meta.locale) ?? DEFAULT_LOCALE,
  };
}

export type PackErrorKind = "space" | "quota" | "network" | "server" | "busy" | "unsupported";

export class PackError extends Error {
  constructor(
    readonly kind: PackErrorKind,
    readonly detail: { needed?: number; free?: number } = {},
  ) {
    super(kind);
    this.name = "PackError";
  }
}

interface Stored {
  blob: Blob;
  headers: [string, string][];
}

export interface PreparedPack {
  scope: PackScope;
  products: Product[];
  /** products in the category (more than products.length when the cap cut the list) */
  total: number;
  estimatedBytes: number;
  /** free bytes on the device before the save, when the browser says */
  freeBytes: number | null;
  fixedUrls: string[];
  extraLists: ProductListParams[];
  /** the card images of the products of the extra lists (e.g. the product page's related products) */
  extraImages: string[];
  fetched: Map<string, Stored>;
}

const SAMPLE_PRODUCTS = 4;
const SAMPLE_IMAGES_PER_KIND = 3;
const PARALLEL = 4;
/** The estimate may be short by up to this much: a save needs this much more room than announced. */
const SPACE_MARGIN = 1.2;
const LIST_PAGE_SIZE = 100;
const KEPT_HEADERS = ["content-type", "cache-control", "date", "last-modified", "etag"];
const JSON_HEADERS: [string, string][] = [["content-type", "application/json"]];

function absolute(url: string): string {
  return new URL(url, location.origin).href;
}

function apiUrl(r: { path: string; query: Record<string, unknown> }): string {
  return absolute(buildUrl(r.path, r.query as Parameters<typeof buildUrl>[1]));
}

/** The path below the API root, for the personal-request rule. */
function apiPathOf(url: URL): string | null {
  const root = new URL(API_ROOT.replace(/\/?$/, "/"), location.origin);
  return url.origin === root.origin && url.pathname.startsWith(root.pathname)
    ? url.pathname.slice(root.pathname.length)
    : null;
}

async function download(url: string, signal: AbortSignal): Promise<Stored> {
  const u = new URL(url);
  const headers = new Headers({ [PACK_DOWNLOAD_HEADER]: "1" });
  if (isPersonal({ method: "GET", headers }, u, apiPathOf(u))) throw new PackError("server");
  let res: Response;
  try {
    res = await fetch(url, { credentials: "omit", headers, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new PackError("network");
  }
  const cc = res.headers.get("Cache-Control") ?? "";
  if (!res.ok || /\b(private|no-store)\b/i.test(cc)) throw new PackError("server");
  let blob: Blob;
  try {
    blob = await res.blob();
  } catch (error) {
    if (signal.aborted) throw error;
    throw new PackError("network");
  }
  const kept: [string, string][] = [];
  res.headers.forEach((value, name) => {
    if (KEPT_HEADERS.includes(name.toLowerCase())) kept.push([name, value]);
  });
  return { blob, headers: kept };
}

/** The products of a stored list reply; a reply that is not one fails the save as the server's fault. */
async function listedProducts(stored: Stored): Promise<{ data: Product[]; total?: number }> {
  let json: unknown;
  try {
    json = JSON.parse(await stored.blob.text());
  } catch {
    throw new PackError("server");
  }
  const parsed = productListReplySchema.safeParse(json);
  if (!parsed.success) throw new PackError("server");
  return { data: parsed.data.data, total: parsed.data.meta?.total };
}

/** Runs `task` over the items, `PARALLEL` at a time; the first failure stops the rest (awaited before it throws). */
async function pool<T>(items: readonly T[], task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await task(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}

/** The replies a saved product's pages ask for (the list holds the wire's products; these read the reshaped one). */
function productUrls(wire: Product, locale: Locale): string[] {
  const p = reshapeProduct(wire);
  return [
    apiUrl(catalogRequests.detailByUrlKey(p.urlKey, locale)),
    apiUrl(catalogRequests.additionalInformation(p.id, locale)),
    apiUrl(catalogRequests.configurableConfig(p.id, locale)),
    apiUrl(catalogRequests.reviews(p.id)),
  ];
}

/** Where the configurable-config reply is in `productUrls`. */
const CONFIG_REPLY = 2;

/** A stored configurable-config reply, or null when there is none usable. */
async function storedConfig(stored: Stored | undefined): Promise<ConfigurableConfig | null> {
  if (!stored) return null;
  try {
    const parsed = configurableConfigReplySchema.safeParse(JSON.parse(await stored.blob.text()));
    return parsed.success ? parsed.data.data : null;
  } catch {
    return null;
  }
}

/**
 * The images a saved product's pages show. A plain Bagisto's list does not name a configurable product's
 * colours: they, and each colour's image, come from its configurable-config reply (`config`), as on the
 * product page.
 */
async function productImages(wire: Product, config: Stored | undefined): Promise<PackImage[]> {
  return packImages(reshapeProduct(wire, needsConfig(wire) ? await storedConfig(config) : null));
}

function listParams(scope: PackScope, page: number): ProductListParams {
  return scope.key === ALL_PACK_KEY
    ? { categoryId: String(ROOT_CATEGORY_ID), page, limit: LIST_PAGE_SIZE }
    : { categorySlug: scope.key, page, limit: LIST_PAGE_SIZE };
}

async function freeSpace(): Promise<number | null> {
  try {
    const e = await navigator.storage?.estimate?.();
    return e?.quota !== undefined && e.usage !== undefined ? e.quota - e.usage : null;
  } catch {
    return null;
  }
}

/**
 * Reads the category's products (up to the cap), downloads a few samples, and estimates the pack's size.
 * Throws PackError "space" when the device has not room enough.
 */
export async function preparePack(
  scope: PackScope,
  options: { extraLists?: ProductListParams[]; signal: AbortSignal },
): Promise<PreparedPack> {
  if (typeof caches === "undefined") throw new PackError("unsupported");
  const { signal } = options;
  const fetched = new Map<string, Stored>();
  const get = async (url: string) => {
    let stored = fetched.get(url);
    if (!stored) {
      stored = await download(url, signal);
      fetched.set(url, stored);
    }
    return stored;
  };

  // The category's list is stored under the address the app asks for (by category id, api/catalog.ts).
  const packIds =
    scope.categoryId !== null ? { categories: [{ id: scope.categoryId, slug: scope.key }] } : {};
  // The category's products, in the server's default order, up to the cap.
  const products: Product[] = [];
  let total = 0;
  for (let page = 1; products.length < PACK_PRODUCT_CAP; page++) {
    const listed = await listedProducts(
      await download(apiUrl(catalogRequests.list(listParams(scope, page), scope.locale, packIds)), signal),
    );
    products.push(...listed.data);
    total = listed.total ?? products.length;
    if (listed.data.length === 0 || products.length >= total) break;
  }
  products.splice(PACK_PRODUCT_CAP);

  const extraListUrls = (options.extraLists ?? []).map((params) =>
    apiUrl(catalogRequests.list(params, scope.locale, packIds)),
  );
  const fixedUrls = [
    apiUrl(catalogRequests.attributes(scope.key === ALL_PACK_KEY ? undefined : scope.key, scope.locale)),
    apiUrl(categoryRequests.descendants(ROOT_CATEGORY_ID, scope.locale)),
    ...extraListUrls,
  ];
  // The lists the product pages also show (related products): stored once per pack, with their cards' images.
  await pool(fixedUrls, async (url) => {
    await get(url);
  });
  const extraImages: string[] = [];
  for (const url of extraListUrls)
    for (const p of (await listedProducts(fetched.get(url)!)).data)
      extraImages.push(absolute(cardImage(reshapeProduct(p)).url));
  const sampled = spreadSample(products, SAMPLE_PRODUCTS);
  const urlsOf = (p: Product) => productUrls(p, scope.locale);
  await pool(sampled.flatMap(urlsOf), async (url) => {
    await get(url);
  });
  // The sampled products' images as their pages show them; the others' as far as the list tells. A plain
  // Bagisto's colour images are known from a product's config only: the samples' say how many more to expect.
  const images = new Map<string, ImageKind>();
  const addImages = (list: readonly PackImage[]) => {
    let added = 0;
    for (const img of list)
      if (!images.has(absolute(img.url))) {
        images.set(absolute(img.url), img.kind);
        added++;
      }
    return added;
  };
  const sampledSet = new Set(sampled);
  let configImages = 0;
  let sampledNeedingConfig = 0;
  for (const p of sampled) {
    addImages(packImages(reshapeProduct(p)));
    // What the config adds beyond the list's images.
    const added = addImages(await productImages(p, fetched.get(urlsOf(p)[CONFIG_REPLY]!)));
    if (needsConfig(p)) {
      sampledNeedingConfig++;
      configImages += added;
    }
  }
  for (const p of products) if (!sampledSet.has(p)) addImages(packImages(reshapeProduct(p)));
  const unsampledNeedingConfig = products.filter((p) => !sampledSet.has(p) && needsConfig(p)).length;
  const expectedConfigImages = sampledNeedingConfig
    ? Math.round((configImages / sampledNeedingConfig) * unsampledNeedingConfig)
    : 0;
  for (const url of extraImages) if (!images.has(url)) images.set(url, "medium");
  const byKind = new Map<ImageKind, string[]>();
  for (const [url, kind] of images) byKind.set(kind, [...(byKind.get(kind) ?? []), url]);
  const sampleImages = [...byKind.values()].flatMap((urls) => urls.slice(0, SAMPLE_IMAGES_PER_KIND));

  await pool(sampleImages, async (url) => {
    await get(url);
  });

  const sizeOf = (url: string) => fetched.get(url)?.blob.size ?? 0;
  const kinds: ReplyKind<Product>[] = [
    (p: Product) => jsonBytes(p),
    () => 0,
    (p: Product) => jsonBytes(reshapeProduct(p).colours),
    (p: Product) => Math.min(reshapeProduct(p).reviewCount, 5),
  ].map((predictor, i) => ({
    predictor,
    samples: sampled.map((product) => ({ product, bytes: sizeOf(urlsOf(product)[i]!) })),
  }));
  const indexBytes = jsonBytes({ products });
  const estimatedBytes = estimatePackBytes({
    products,
    exactBytes: indexBytes + [...fetched.values()].reduce((s, f) => s + f.blob.size, 0) + 400,
    sampled: new Set(sampled),
    kinds,
    images: [...byKind].map(([kind, urls]) => ({
      unsampled:
        Math.max(0, urls.length - SAMPLE_IMAGES_PER_KIND) + (kind === "medium" ? expectedConfigImages : 0),
      sampleBytes: urls.slice(0, SAMPLE_IMAGES_PER_KIND).map(sizeOf),
    })),
  });
  const freeBytes = await freeSpace();
  if (freeBytes !== null && estimatedBytes * SPACE_MARGIN > freeBytes)
    throw new PackError("space", { needed: estimatedBytes, free: freeBytes });
  return {
    scope,
    products,
    total,
    estimatedBytes,
    freeBytes,
    fixedUrls,
    extraLists: options.extraLists ?? [],
    extraImages: [...new Set(extraImages)],
    fetched,
  };
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === "QuotaExceededError" || error.code === 22);
}

/**
 * Downloads and stores the prepared pack. `onProgress(done, total)` after each product. Resolves with the
 * stored pack's metadata; on cancel (the signal) or failure its new cache is deleted before this settles.
 */
export async function savePack(
  prepared: PreparedPack,
  options: { signal: AbortSignal; onProgress?: (done: number, total: number) => void },
): Promise<PackMeta> {
  const { scope, products } = prepared;
  const result = await withPackLock(scope.key, async () => {
    const savedAt = Date.now();
    let meta: PackMeta | null = null;
    const cacheName = packCacheName(scope.key, savedAt);
    const cache = await caches.open(cacheName);
    let bytes = 0;
    let entries = 0;
    const put = async (url: string, stored: Stored) => {
      options.signal.throwIfAborted();
      await cache.put(url, new Response(stored.blob, { status: 200, headers: stored.headers }));
      bytes += stored.blob.size;
      entries++;
    };
    const started = new Map<string, Promise<Stored>>();
    const store = (url: string) => {
      let p = started.get(url);
      if (!p) {
        const known = prepared.fetched.get(url);
        p = (known ? Promise.resolve(known) : download(url, options.signal)).then(async (s) => {
          await put(url, s);
          return s;
        });
        started.set(url, p);
      }
      return p;
    };
    let done = 0;
    try {
      await Promise.all(prepared.fixedUrls.map(store));
      await pool(prepared.extraImages, async (url) => {
        await store(url);
      });
      await pool(products, async (p) => {
        const replies = await Promise.all(productUrls(p, scope.locale).map(store));
        const images = await productImages(p, replies[CONFIG_REPLY]);
        await Promise.all(images.map((img) => store(absolute(img.url))));
        options.onProgress?.(++done, products.length);
      });
      // Nothing may still be writing when the pack is committed (or deleted).
      await Promise.allSettled(started.values());
      const index = JSON.stringify({ products });
      await put(absolute(PACK_INDEX_PATH), {
        blob: new Blob([index], { type: "application/json" }),
        headers: JSON_HEADERS,
      });
      meta = {
        v: 1,
        key: scope.key,
        name: scope.name,
        categoryId: scope.categoryId,
        locale: scope.locale,
        savedAt,
        productCount: products.length,
        total: prepared.total,
        bytes,
        estimatedBytes: prepared.estimatedBytes,
        entries: entries + 1,
        extraLists: prepared.extraLists as Record<string, string | number>[],
      };
      meta.bytes += new Blob([JSON.stringify(meta)]).size;
      // The metadata is written last: from now on the pack is complete and the service worker answers from it.
      await put(metaUrl(), {
        blob: new Blob([JSON.stringify(meta)], { type: "application/json" }),
        headers: JSON_HEADERS,
      });
    } catch (error) {
      await Promise.allSettled(started.values());
      await caches.delete(cacheName);
      if (isQuotaError(error)) throw new PackError("quota");
      throw error;
    }
    await deletePackCaches(scope.key, cacheName);
    notifyPacksChanged();
    return meta;
  });
  if (!result) throw new PackError("busy");
  return result;
}
