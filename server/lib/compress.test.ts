import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressBody, keptCompressed, preferredEncoding, type KeptBytes } from "./compress";

describe("reply compression", () => {
  it("answers brotli to a browser that takes it, else gzip, else nothing", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip, deflate")).toBe("gzip");
    expect(preferredEncoding("identity")).toBeNull();
    expect(preferredEncoding("brotli-ish, gzipped")).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });

  it("gives back the same bytes once decompressed, kept or per request, and kept bytes are no larger", () => {
    const body = Buffer.from(
      JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Bike ${i}` })) }),
    );
    for (const encoding of ["br", "gzip"] as const) {
      const decompress = encoding === "br" ? brotliDecompressSync : gunzipSync;
      const kept = compressBody(body, encoding, "kept");
      const perRequest = compressBody(body, encoding, "per-request");
      expect(decompress(kept).equals(body), encoding).toBe(true);
      expect(decompress(perRequest).equals(body), encoding).toBe(true);
      expect(kept.length, encoding).toBeLessThanOrEqual(perRequest.length);
      expect(kept.length, encoding).toBeLessThan(body.length / 4);
      // Kept bytes hold no more memory than they are (a small reply must not keep a larger zlib chunk alive).
      expect(kept.buffer.byteLength, encoding).toBe(kept.length);
    }
  });

  it("makes a kept copy once per encoding, shared by the requests that ask while it is made", async () => {
    const page = Buffer.from(`<!doctype html>${"<p>Trail bike, 29 inch wheels</p>".repeat(2000)}`);
    const holder: KeptBytes = {};
    const [first, second] = await Promise.all([
      keptCompressed(holder, page, "br"),
      keptCompressed(holder, page, "br"),
    ]);
    expect(second).toBe(first);
    expect(brotliDecompressSync(first).equals(page)).toBe(true);
    // The same bytes as compressing it on the spot, kept with the page for the next requests.
    expect(Buffer.from(first).equals(compressBody(page, "br", "kept"))).toBe(true);
    expect(holder.br).toBe(first);
    expect(keptCompressed(holder, page, "br")).toBe(first);
    const gzip = await keptCompressed(holder, page, "gzip");
    expect(gunzipSync(gzip).equals(page)).toBe(true);
    expect(holder.compressing).toEqual({});
    expect(gzip.buffer.byteLength).toBe(gzip.length);
  });
});
