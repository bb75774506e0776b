import { gzipSync } from "node:zlib";

/** A JSON reply smaller than this goes uncompressed (it fits in one packet anyway). */
export const GZIP_MIN_BYTES = 1400;

/** gzip at a low level: the API's replies are compressed per request, or once for a kept reply. */
export function gzipJson(body: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(gzipSync(body, { level: 3 }));
}

/** Whether the request's Accept-Encoding takes gzip. */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return /\bgzip\b/.test(acceptEncoding ?? "");
}
