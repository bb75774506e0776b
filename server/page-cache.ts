import { createHash } from "node:crypto";
import type { KeptBytes } from "./lib/compress";

/**
 * Rendered public pages, kept by address with what they were rendered from (issue 14: server rendering
 * that scales). A page is rendered once, then answered from memory (and, with its `ETag` and
 * `Cache-Control: public, s-maxage`, by any CDN in front) until its source says what it was rendered from
 * changed: for the shop's catalogue (`Catalog.collect`), any change but stock and sale counts, or those of a
 * product the page shows.
 */
export interface CachedPage<R = unknown> extends KeptBytes {
  html: Buffer<ArrayBuffer>;
  status: number;
  etag: string;
  reads: R;
}

/** What pages are rendered from: notes what a render reads, and says whether that is still current. */
export interface PageSource<R> {
  collect<T>(render: () => Promise<T>): Promise<{ value: T; reads: R }>;
  isCurrent(reads: R): boolean;
}

/** A source that changes as a whole, at each new value of `version` (a time window, a counter). */
export function versionSource(version: () => number): PageSource<number> {
  return {
    collect: async (render) => {
      const reads = version();
      return { value: await render(), reads };
    },
    isCurrent: (reads) => reads === version(),
  };
}

/** Query parameters that never change what a page shows (campaign tags, cache busters). */
const IGNORED = /^(utm_\w+|gclid|fbclid|msclkid|mc_cid|mc_eid|_|ref)$/i;

/**
 * The key of a page: its path, its query normalised (ignored and empty parameters dropped, the rest sorted),
 * the origin its absolute links use, and the language and currency it is rendered in (the shopper's; the
 * currency with the date of the rates its prices were converted with).
 */
export function pageCacheKey(url: URL, origin: string, language = "en", currency = "INR"): string {
  return `${origin}\n${language}\n${currency}\n${normalisedAddress(url)}`;
}

/** The path and the normalised query: what is rendered, so every address of one key renders the same bytes. */
export function normalisedAddress(url: URL): string {
  const params = [...url.searchParams.entries()]
    .filter(([k, v]) => v !== "" && !IGNORED.test(k))
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

export class PageCache<R> {
  private readonly pages = new Map<string, CachedPage<R>>();
  /** lookups so far (the /metrics page-cache counters) */
  hits = 0;
  misses = 0;

  constructor(
    private readonly source: PageSource<R>,
    private readonly maxPages = 500,
  ) {}

  get(key: string): CachedPage<R> | undefined {
    const hit = this.pages.get(key);
    if (!hit) {
      this.misses++;
      return undefined;
    }
    if (!this.source.isCurrent(hit.reads)) {
      this.misses++;
      this.pages.delete(key);
      return undefined;
    }
    this.hits++;
    // Most recently used last: the first key is the one to evict.
    this.pages.delete(key);
    this.pages.set(key, hit);
    return hit;
  }

  set(key: string, html: string, status: number, reads: R): CachedPage<R> {
    const body = Buffer.from(html, "utf8");
    const page: CachedPage<R> = {
      html: body,
      status,
      reads,
      // From the content and the version: the same page rendered by another instance has the same ETag.
      etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 27)}"`,
    };
    if (this.pages.size >= this.maxPages) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
    this.pages.set(key, page);
    return page;
  }

  get size(): number {
    return this.pages.size;
  }
}
