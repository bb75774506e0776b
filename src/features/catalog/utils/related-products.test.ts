import { describe, expect, it } from "vitest";
import { catalogRequests } from "@/api/catalog";
import { buildUrl } from "@/api/client";
import { relatedProducts, relatedProductsParams } from "./related-products";

describe("related products", () => {
  it("are fetched as the 4 newest products (SPEC §9)", () => {
    const r = catalogRequests.list(relatedProductsParams, "fr");
    expect(buildUrl(r.path, r.query)).toBe(
      "/api/products?category_id=1&sort=created_at&order=desc&limit=4&locale=fr",
    );
  });

  it("leave the product itself out", () => {
    const newest = [{ id: 9 }, { id: 8 }, { id: 7 }, { id: 6 }];
    expect(relatedProducts(newest, 8).map((p) => p.id)).toEqual([9, 7, 6]);
    expect(relatedProducts(newest, 1).map((p) => p.id)).toEqual([9, 8, 7, 6]);
  });
});
