import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** A JSON reply smaller than this goes uncompressed (it fits in one packet anyway). */
export const GZIP_MIN_BYTES = 1400;

/**
 * zlib's level for a reply compressed per request to a browser without brotli: level 1 would save under 10 % of
 * the CPU for 10 % more bytes (README, "What a browser's request costs").
 */
export const GZIP_LEVEL_PER_REQUEST = 3;
/** zlib's level for a reply compressed once and kept (a kept list, a product's detail): the smallest. */
export const GZIP_LEVEL_KEPT = 9;
/**
 * Brotli's quality for a reply compressed per request (a cart, a list the list cache does not hold), to a
 * browser that takes it (every browser over https): about half the CPU of gzip level 3, a list 3 % smaller,
 * a small cart 8 % larger (README).
 */
export const BROTLI_QUALITY_PER_REQUEST = 1;

/** gzip; `level`: GZIP_LEVEL_PER_REQUEST unless the compressed bytes are kept. */
export function gzipJson(body: Uint8Array, level = GZIP_LEVEL_PER_REQUEST): Uint8Array<ArrayBuffer> {
  return new Uint8Array(gzipSync(body, { level }));
}

/** Brotli at BROTLI_QUALITY_PER_REQUEST (text mode). */
export function brotliJson(body: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY_PER_REQUEST,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  );
}

/** Whether the request's Accept-Encoding takes gzip. */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return /\bgzip\b/.test(acceptEncoding ?? "");
}

/** Whether the request's Accept-Encoding takes brotli. */
export function acceptsBrotli(acceptEncoding: string | undefined): boolean {
  return /\bbr\b/.test(acceptEncoding ?? "");
}
