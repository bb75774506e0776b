/*
 * Runtime caching, one registerRoute per resource class, each with the reason for its strategy (the shape of
 * pwa-studio's registerRoutes.js). Only anonymous GETs are ever stored: a request that carries an
 * Authorization header, a `token` parameter, a cookie-bound personal API path or a personal page's address
 * (the routes' own declaration, PERSONAL_PAGES in src/offline/shared/personal-requests.ts) is never cached, whatever
 * its path says, and a reply marked private/no-store is never stored either.
 */
/// <reference lib="webworker" />
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import type { RouteMatchCallback, WorkboxPlugin } from "workbox-core/types";
import { ExpirationPlugin } from "workbox-expiration";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from "workbox-strategies";
import { isPersonal } from "../src/offline/shared/personal-requests";
import {
  PACK_CACHE_PREFIX,
  PACK_DOWNLOAD_HEADER,
  PACK_INDEX_PATH,
  PACK_META_PATH,
  packCovers,
  packListReply,
  parsePackMeta,
  type PackIndex,
  type PackMeta,
} from "../src/offline/shared/pack-rules";
import {
  API_MAX_AGE_SECONDS,
  API_MAX_ENTRIES,
  CACHE_NAMES,
  IMAGE_MAX_AGE_SECONDS,
  IMAGE_MAX_ENTRIES,
  RATES_NETWORK_TIMEOUT_SECONDS,
} from "./constants";
import { apiPath } from "./api-root";
import { tellPagesOfFresherCopies } from "./fresher-copies";

declare const self: ServiceWorkerGlobalScope;

const RATES_URL = new URL(
  import.meta.env.VITE_EXCHANGE_RATE_URL ?? "/api/exchange-rates?base=USD",
  self.location.origin,
);

/**
 * True when the request may carry or return one shopper's data (a personal API call, or an address of a page
 * its route declares personal): such a request is never stored nor answered from a cache or a pack.
 */
export function isPersonalRequest(request: Request, url: URL): boolean {
  return isPersonal(request, url, apiPath(url));
}

/** Never stores a reply the server marked as personal, nor a failed one. */
const publicRepliesOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    const cc = response.headers.get("Cache-Control") ?? "";
    if (response.status !== 200 || /\b(private|no-store)\b/i.test(cc) || response.headers.has("Set-Cookie"))
      return null;
    return response;
  },
};

interface OpenPack {
  cache: Cache;
  meta: PackMeta;
  index: Promise<PackIndex | null>;
}
/** Packs by cache name: a name is never reused (it carries the save's time), so what was read stays true. */
const openedPacks = new Map<string, Promise<OpenPack | null>>();

async function openPack(name: string): Promise<OpenPack | null> {
  const cache = await caches.open(name);
  const metaReply = await cache.match(new URL(PACK_META_PATH, self.location.origin).href);
  // No metadata: a save under way or cut short; never answer from it.
  const meta = metaReply ? parsePackMeta(await metaReply.json().catch(() => null)) : null;
  if (!meta) return null;
  const index = cache
    .match(new URL(PACK_INDEX_PATH, self.location.origin).href)
    .then((r) => (r ? (r.json() as Promise<PackIndex>) : null))
    .catch(() => null);
  return { cache, meta, index };
}

/** The complete packs on the device, newest first. */
async function savedPacks(): Promise<OpenPack[]> {
  const names = (await caches.keys()).filter((n) => n.startsWith(PACK_CACHE_PREFIX));
  for (const known of openedPacks.keys()) if (!names.includes(known)) openedPacks.delete(known);
  const packs = await Promise.all(
    names.map((n) => {
      let p = openedPacks.get(n);
      if (!p) {
        p = openPack(n).catch(() => null);
        openedPacks.set(n, p);
      }
      return p;
    }),
  );
  return packs.filter((p): p is OpenPack => p !== null).sort((a, b) => b.meta.savedAt - a.meta.savedAt);
}

/**
 * A saved pack's answer to a request the network and the runtime cache could not answer: the stored reply of
 * that very address, or for a product list one built from the products of a pack that holds the whole list.
 */
async function answerFromPacks(request: Request): Promise<Response | undefined> {
  if (request.method !== "GET") return undefined;
  const url = new URL(request.url);
  if (isPersonalRequest(request, url)) return undefined;
  const packs = await savedPacks();
  for (const pack of packs) {
    const hit = await pack.cache.match(request.url, { ignoreVary: true });
    if (hit) return hit;
  }
  if (apiPath(url) !== "products") return undefined;
  for (const pack of packs) {
    if (!packCovers(pack.meta, url.searchParams)) continue;
    const index = await pack.index;
    const reply = index && packListReply(index.products, url);
    if (reply)
      return new Response(JSON.stringify(reply), {
        headers: {
          "Content-Type": "application/json; charset=UTF-8",
          "X-Offline-Pack": pack.meta.key,
          // Made from the pack's saved products: as old as the pack (the page's "as of" date).
          Date: new Date(pack.meta.savedAt).toUTCString(),
        },
      });
  }
  return undefined;
}

/** Offline (or the server unreachable) and nothing in the runtime cache: the saved packs answer if they can. */
const packFallback: WorkboxPlugin = {
  handlerDidError: async ({ request }) => answerFromPacks(request),
};

function anonymousApiGet(test: RegExp): RouteMatchCallback {
  return ({ request, url }) => {
    const path = apiPath(url);
    return path !== null && test.test(path) && !isPersonalRequest(request, url);
  };
}

function staleWhileRevalidate(cacheName: string, maxEntries: number) {
  return new StaleWhileRevalidate({
    cacheName,
    plugins: [
      publicRepliesOnly,
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries, maxAgeSeconds: API_MAX_AGE_SECONDS, purgeOnQuotaError: true }),
      packFallback,
      tellPagesOfFresherCopies,
    ],
  });
}

export function registerRuntimeRoutes(): void {
  // Personal calls (cart, wishlist, customer, addresses, orders, checkout) and anything with a token:
  // always the network, so one shopper's data never lands in a shared cache. Registered first: it wins.
  registerRoute(
    ({ request, url }) => apiPath(url) !== null && isPersonalRequest(request, url),
    new NetworkOnly(),
  );
  registerRoute(
    ({ request, url }) => apiPath(url) !== null && isPersonalRequest(request, url),
    new NetworkOnly(),
    "POST",
  );

  // A pack being saved ("Save for offline") fetches its replies itself and stores them in the pack's own cache:
  // straight to the network, so they neither fill nor evict the runtime caches below.
  registerRoute(
    ({ request, url }) =>
      request.headers.has(PACK_DOWNLOAD_HEADER) &&
      url.origin === self.location.origin &&
      !isPersonalRequest(request, url),
    new NetworkOnly(),
  );

  // Products, product details and reviews: shown at once from the cache (browsable offline), refreshed
  // behind the scenes so prices and stock catch up on the next view.
  registerRoute(
    anonymousApiGet(
      /^(products(\/\d+)?|product-additional-information\/\d+|product-configurable-config\/\d+|product-with-additional-information|reviews(\/\d+)?)$/,
    ),
    staleWhileRevalidate(CACHE_NAMES.catalog, API_MAX_ENTRIES.catalog),
  );

  // Banners change rarely and are decorative: the cached copy is always good enough to show first.
  registerRoute(
    anonymousApiGet(/^getbanner$/),
    staleWhileRevalidate(CACHE_NAMES.banners, API_MAX_ENTRIES.small),
  );

  // Brands: a short, rarely changing list; cache first-paint, revalidate behind it.
  registerRoute(anonymousApiGet(/^brands$/), staleWhileRevalidate(CACHE_NAMES.brands, API_MAX_ENTRIES.small));

  // The category tree drives the menu on every page: it must be there offline, and may lag a little.
  registerRoute(
    anonymousApiGet(/^(descendant-categories|categories(\/\d+)?)$/),
    staleWhileRevalidate(CACHE_NAMES.categories, API_MAX_ENTRIES.small),
  );

  // Filterable attributes (colours, sizes): reference data for the filters, stale is harmless.
  registerRoute(
    anonymousApiGet(/^getattributes$/),
    staleWhileRevalidate(CACHE_NAMES.attributes, API_MAX_ENTRIES.small),
  );

  // CMS pages: read like documents; show the stored copy, refresh it for next time.
  registerRoute(
    anonymousApiGet(/^page\/[^/]+$/),
    staleWhileRevalidate(CACHE_NAMES.pages, API_MAX_ENTRIES.small),
  );

  // Blog list and posts: same as pages, a few more entries.
  registerRoute(
    anonymousApiGet(/^blog(\/[^/]+)?$/),
    staleWhileRevalidate(CACHE_NAMES.blog, API_MAX_ENTRIES.small),
  );

  // About (counters, team): static content of the about page.
  registerRoute(anonymousApiGet(/^about$/), staleWhileRevalidate(CACHE_NAMES.about, API_MAX_ENTRIES.small));

  // States and countries for address forms: reference data, the same for everyone.
  registerRoute(
    anonymousApiGet(/^(statelist|country-states)$/),
    staleWhileRevalidate(CACHE_NAMES.reference, API_MAX_ENTRIES.small),
  );

  // Product, brand, banner, team and blog images: immutable per URL, so the cache answers first;
  // bounded LRU so a long browse cannot fill the disk.
  registerRoute(
    ({ request, url }) => {
      const path = apiPath(url);
      return (
        (request.destination === "image" || (path !== null && path.startsWith("images/"))) &&
        (path === null ? url.origin === self.location.origin : path.startsWith("images/")) &&
        !isPersonalRequest(request, url)
      );
    },
    new CacheFirst({
      cacheName: CACHE_NAMES.images,
      plugins: [
        publicRepliesOnly,
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({
          maxEntries: IMAGE_MAX_ENTRIES,
          maxAgeSeconds: IMAGE_MAX_AGE_SECONDS,
          purgeOnQuotaError: true,
        }),
        packFallback,
      ],
    }),
  );

  // Exchange rates: prefer fresh rates, but a slow or absent service falls back to the last ones
  // within a few seconds (their date is shown), so currency switching works offline.
  registerRoute(
    ({ request, url }) =>
      url.origin === RATES_URL.origin &&
      url.pathname === RATES_URL.pathname &&
      !request.headers.has("Authorization"),
    new NetworkFirst({
      cacheName: CACHE_NAMES.rates,
      networkTimeoutSeconds: RATES_NETWORK_TIMEOUT_SECONDS,
      plugins: [
        publicRepliesOnly,
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: 4, maxAgeSeconds: API_MAX_AGE_SECONDS }),
      ],
    }),
  );
}
