import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressBody, preferredEncoding } from "./compress";

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
    }
  });
});
