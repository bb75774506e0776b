import { compressBody, GZIP_MIN_BYTES } from "../../lib/compress";

/** A product's detail reply is `{"data":<view>}`, written around the view's bytes as they are. */
const DETAIL_OPEN = Buffer.from('{"data":');
const DETAIL_CLOSE = Buffer.from("}");

/** How many products' JSON is kept (about 5 kB each). */
export const JSON_CACHE_SIZE = 20_000;
/** How many products' compressed detail replies are kept (about 1.4 kB each). */
export const DETAIL_CACHE_SIZE = 20_000;
/** How many of the oldest go at once when a cache of products is full. */
const EVICTION_BATCH = 256;

/** The detail reply `{"data":<view>}` of a product's view bytes. */
export function detailBody(view: Buffer): Buffer<ArrayBuffer> {
  return Buffer.concat([DETAIL_OPEN, view, DETAIL_CLOSE]);
}

/** Whether a product's detail reply `{"data":<view>}` is large enough to be sent compressed. */
export function compressible(view: Buffer): boolean {
  return DETAIL_OPEN.length + view.length + DETAIL_CLOSE.length > GZIP_MIN_BYTES;
}

/** A detail reply `{"data":<view>}` compressed to be kept, or null when it is too small to be sent compressed. */
export function compressedDetail(view: Buffer): Uint8Array<ArrayBuffer> | null {
  if (!compressible(view)) return null;
  return compressBody(detailBody(view), "gzip", "kept");
}

/**
 * Adds `entries` to a cache of products, the oldest going first when it holds `size` (not the whole cache at
 * once: a large catalogue keeps its most recently read products instead of starting again from none every
 * `size` misses). They go a batch at a time, in one walk: a Map keeps a deleted entry's slot until it grows,
 * and each new walk from its start steps over every slot freed before (one oldest entry per miss cost 25–55 µs
 * at 100k products, more than the rest of a detail request; a batch costs < 1 µs per entry).
 */
export function keepNewest<V>(cache: Map<number, V>, entries: Map<number, V>, size: number): void {
  const over = cache.size + entries.size - size;
  if (over > 0) {
    let drop = over + EVICTION_BATCH;
    for (const id of cache.keys()) {
      if (drop-- <= 0) break;
      cache.delete(id);
    }
  }
  for (const [id, value] of entries) cache.set(id, value);
}

/** Lookups of the catalogue's caches (plain counts, read by /metrics at scrape time). */
export type CacheStats = {
  /** per product view */
  json: { hits: number; misses: number };
  /** per kept list reply */
  list: { hits: number; misses: number };
  /** per compressed detail reply */
  gzip: { hits: number; misses: number };
};
