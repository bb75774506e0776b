import { describe, expect, it } from "vitest";
import { estimatePackBytes, fitLine, formatBytes, jsonBytes, spreadSample } from "./pack-estimate";

describe("the size a pack announces", () => {
  it("fits a line through the samples, or their mean when they cannot tell a slope", () => {
    const line = fitLine([
      { x: 0, y: 190 },
      { x: 700, y: 4390 },
      { x: 1400, y: 8590 },
    ]);
    expect(line(1050)).toBeCloseTo(6490);
    expect(fitLine([{ x: 5, y: 800 }])(100)).toBe(800);
    expect(fitLine([])(3)).toBe(0);
  });

  it("adds the exact bytes, each product's predicted replies and the unsampled images", () => {
    const products = [{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }];
    const sampled = new Set([products[0]!, products[3]!]);
    const bytes = estimatePackBytes({
      products,
      exactBytes: 10_000,
      sampled,
      kinds: [
        {
          predictor: (p) => p.n,
          samples: [
            { product: products[0]!, bytes: 100 },
            { product: products[3]!, bytes: 400 },
          ],
        },
      ],
      images: [
        { unsampled: 5, sampleBytes: [1000, 3000] },
        { unsampled: 0, sampleBytes: [500] },
      ],
    });
    // 10,000 exact + 200 + 300 (products 2 and 3 on the line) + 5 × 2,000 images
    expect(bytes).toBe(20_500);
  });

  it("picks samples spread over the list, the first and the last included", () => {
    expect(spreadSample([1, 2, 3, 4, 5, 6, 7, 8, 9], 4)).toEqual([1, 4, 6, 9]);
    expect(spreadSample([1, 2], 4)).toEqual([1, 2]);
  });

  it("counts JSON in UTF-8 bytes, as a reply carries it", () => {
    expect(jsonBytes({ p: "₹" })).toBe(11); // 8 characters of ASCII and a 3-byte rupee sign
  });

  it("says the size in the shopper's language", () => {
    expect(formatBytes(14_200_000, "en")).toBe("14 MB");
    expect(formatBytes(2_345_000, "de")).toBe("2,3 MB");
    expect(formatBytes(215_400, "en")).toBe("215 kB");
  });
});
