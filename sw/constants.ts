/*
 * Names and bounds of the service worker's runtime caches. A cache name carries a version suffix so that a
 * change of shape can start from empty caches (old ones are deleted on activate, see sw.ts).
 */
export const CACHE_VERSION = "v1";

export const CACHE_NAMES = {
  catalog: `api-catalog-${CACHE_VERSION}`,
  banners: `api-banners-${CACHE_VERSION}`,
  brands: `api-brands-${CACHE_VERSION}`,
  categories: `api-categories-${CACHE_VERSION}`,
  attributes: `api-attributes-${CACHE_VERSION}`,
  pages: `api-pages-${CACHE_VERSION}`,
  blog: `api-blog-${CACHE_VERSION}`,
  about: `api-about-${CACHE_VERSION}`,
  reference: `api-reference-${CACHE_VERSION}`,
  images: `images-${CACHE_VERSION}`,
  rates: `exchange-rates-${CACHE_VERSION}`,
} as const;

export const RUNTIME_CACHE_NAMES: readonly string[] = Object.values(CACHE_NAMES);

const DAY_SECONDS = 24 * 60 * 60;

/** Catalogue replies stay readable offline for a week; the shopper sees an 'as of' date on prices. */
export const API_MAX_AGE_SECONDS = 7 * DAY_SECONDS;
export const API_MAX_ENTRIES = { catalog: 400, small: 60 } as const;

export const IMAGE_MAX_ENTRIES = 500;
export const IMAGE_MAX_AGE_SECONDS = 30 * DAY_SECONDS;

/** A slow exchange-rate service must not hold up prices: fall back to the last rates after 3 s. */
export const RATES_NETWORK_TIMEOUT_SECONDS = 3;

/** Paths under the API root that answer for one shopper; never stored by the worker (nor by an offline pack). */
export { PERSONAL_PATHS } from "../src/offline/shared/personal-requests";
