import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from "node:zlib";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

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
  const out =
    encoding === "gzip"
      ? gzipSync(body, { level: kept ? GZIP_LEVEL_KEPT : GZIP_LEVEL_PER_REQUEST })
      : brotliCompressSync(body, brotliOptions(body, kept));
  return ownBytes(out, kept);
}

/**
 * zlib's output as a Uint8Array over a plain ArrayBuffer, not copied unless it is kept and shares a larger
 * buffer (zlib may hand back part of a bigger chunk: a kept 1.4 kB detail reply must not hold that alive).
 * A per-request reply is sent and dropped, so a view is enough.
 */
function ownBytes(out: Buffer, kept: boolean): Uint8Array<ArrayBuffer> {
  const buffer = out.buffer as ArrayBuffer;
  if (kept && (out.byteOffset !== 0 || out.byteLength !== buffer.byteLength)) return new Uint8Array(out);
  return new Uint8Array(buffer, out.byteOffset, out.byteLength);
}

function brotliOptions(body: Uint8Array, kept: boolean): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: kept ? BROTLI_QUALITY_KEPT : BROTLI_QUALITY_PER_REQUEST,
      // Every compressed reply is text (JSON, HTML, scripts, styles, SVG).
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  };
}

/** Bytes served many times (a built file, a rendered page) with their compressed copies, made once each. */
export interface KeptBytes {
  br?: Uint8Array<ArrayBuffer>;
  gzip?: Uint8Array<ArrayBuffer>;
  compressing?: Partial<Record<Encoding, Promise<Uint8Array<ArrayBuffer>>>>;
}

/**
 * The kept compressed copy of `raw` (the bytes `holder` keeps) for `encoding`, made at first need in zlib's
 * thread pool, not on the event loop: a rendered page (≈ 190 kB) takes ≈ 15 ms of brotli at the kept quality,
 * which every API reply waiting behind it would add to its latency (issue 14: the API's p99 while pages
 * render). Requests that come while it is being made wait for the same one.
 */
export function keptCompressed(
  holder: KeptBytes,
  raw: Uint8Array,
  encoding: Encoding,
): Uint8Array<ArrayBuffer> | Promise<Uint8Array<ArrayBuffer>> {
  const done = holder[encoding];
  if (done) return done;
  const compressing = (holder.compressing ??= {});
  return (compressing[encoding] ??= (
    encoding === "gzip"
      ? gzipAsync(raw, { level: GZIP_LEVEL_KEPT })
      : brotliAsync(raw, brotliOptions(raw, true))
  ).then(
    (bytes) => {
      const own = ownBytes(bytes, true);
      holder[encoding] = own;
      delete compressing[encoding];
      return own;
    },
    (error: unknown) => {
      delete compressing[encoding];
      throw error;
    },
  ));
}
