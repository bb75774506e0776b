import { describe, expect, it } from "vitest";
import {
  CART_CODE_MAX_LINES,
  decodeCartCode,
  encodeCartCode,
  productKeyOfCode,
  type CartCode,
} from "./counter";

const KEY = "3f2b8c1e-9a4d-4c2b-8e7f-1a2b3c4d5e6f";

describe("the cart code (issue 40 item 1)", () => {
  it("round-trips a cart's lines and key in a short text", () => {
    const code: CartCode = {
      key: KEY,
      lines: [
        { productId: 12, variantId: null, quantity: 1 },
        { productId: 3, variantId: 41, quantity: 2 },
      ],
    };
    const text = encodeCartCode(code);
    expect(text).toBe(`velora:cart:v1:${KEY}:12.0.1,3.41.2`);
    expect(decodeCartCode(text)).toEqual(code);
    // a full showroom cart of five lines still fits a small QR code
    const five = encodeCartCode({
      key: KEY,
      lines: Array.from({ length: 5 }, (_, i) => ({ productId: 100 + i, variantId: 2000 + i, quantity: 1 })),
    });
    expect(five.length).toBeLessThan(140);
  });

  it("reads no cart from anything else", () => {
    for (const text of [
      "",
      "https://shop.test/product/city-glide",
      `velora:cart:v2:${KEY}:1.0.1`,
      `velora:cart:v1:${KEY}:`,
      `velora:cart:v1:${KEY}:1.0.0`,
      `velora:cart:v1:${KEY}:0.0.1`,
      `velora:cart:v1:${KEY}:1.0.1000`,
      `velora:cart:v1:${KEY}:1.0.1;drop`,
      `velora:cart:v1:short:1.0.1`,
      `velora:cart:v1:${KEY}:${"1.0.1,".repeat(CART_CODE_MAX_LINES)}1.0.1`,
    ])
      expect(decodeCartCode(text), text).toBeNull();
  });

  it("reads a floor tag's product from its address", () => {
    expect(productKeyOfCode("https://shop.test/product/city-glide")).toBe("city-glide");
    expect(productKeyOfCode("http://localhost:4173/product/trail%20blazer/")).toBe("trail blazer");
    expect(productKeyOfCode("https://shop.test/catalog/road")).toBeNull();
    expect(productKeyOfCode("javascript:alert(1)")).toBeNull();
    expect(productKeyOfCode(`velora:cart:v1:${KEY}:1.0.1`)).toBeNull();
  });
});
