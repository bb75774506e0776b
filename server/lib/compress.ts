import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** A JSON reply smaller than this goes uncompressed (it fits in one packet anyway). */
export const GZIP_MIN_BYTES = 1400;

/**
 * zlib's level for a reply compressed per request to a browser without brotli: level 1 would save under 10 % of
 * the CPU for 10 % more bytes (README, "What a browser's request costs").
 */
export const GZIP_LEVEL_PER_REQUEST = 3;
/** zlib's level for bytes compressed once and kept (a kept list, a product's detail, a built file, a page). */
export const GZIP_LEVEL_KEPT = 9;
/**
 * Brotli's quality for a reply compressed per request (a cart, a list the list cache does not hold), to a
 * browser that takes it (every browser over https): about half the CPU of gzip level 3, a list 3 % smaller,
 * a small cart 8 % larger (README).
 */
export const BROTLI_QUALITY_PER_REQUEST = 1;
/** Brotli's quality for bytes compressed once and kept (a built file, a rendered page). */
export const BROTLI_QUALITY_KEPT = 9;

export type Encoding = "br" | "gzip";

/** Whether the request's Accept-Encoding takes gzip. */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return /\bgzip\b/.test(acceptEncoding ?? "");
}

/** Whether the request's Accept-Encoding takes brotli. */
export function acceptsBrotli(acceptEncoding: string | undefined): boolean {
  return /\bbr\b/.test(acceptEncoding ?? "");
}

/** The encoding a reply gets: brotli where the browser takes it (over https, every one), else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (acceptsBrotli(acceptEncoding)) return "br";
  return acceptsGzip(acceptEncoding) ? "gzip" : null;
}

/**
 * `body` compressed for `encoding`: bytes that are kept (compressed once, served many times) get the smallest
 * output, a reply compressed per request the cheapest in CPU for its size.
 */
export function compressBody(
  body: Uint8Array,
  encoding: Encoding,
  use: "kept" | "per-request",
): Uint8Array<ArrayBuffer> {
  const kept = use === "kept";
  if (encoding === "gzip")
    return new Uint8Array(gzipSync(body, { level: kept ? GZIP_LEVEL_KEPT : GZIP_LEVEL_PER_REQUEST }));
  return new Uint8Array(
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: kept ? BROTLI_QUALITY_KEPT : BROTLI_QUALITY_PER_REQUEST,
        // Every compressed reply is text (JSON, HTML, scripts, styles, SVG).
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  );
}
