import { describe, expect, it } from "vitest";
import type { Product } from "@/api/product";
import { searchSavedProducts } from "./offline-search";
import { collectProducts } from "./saved-products";

const product = (id: number, name: string, category: string): Product =>
  ({
    id,
    name,
    urlKey: name.toLowerCase().replace(/\s+/g, "-"),
    images: [],
    categories: [{ id: 1, name: category, slug: category.toLowerCase() }],
    tags: [],
    shortDescription: `<p>A ${category.toLowerCase()} bicycle.</p>`,
  }) as unknown as Product;

describe("searching the products saved on the device", () => {
  const trail = product(1, "Trail Blazer 29", "Mountain Bikes");
  const city = product(2, "City Glide", "City Bikes");
  const road = product(3, "Road Racer Pro", "Road Bikes");

  it("collects each product once from list and detail replies", () => {
    const found = collectProducts([{ data: [trail, city] }, trail, { data: road }, null, "x"]);
    expect(found.map((p) => p.id).sort()).toEqual([1, 2, 3]);
  });

  it("finds a product by a word of its name, a prefix or a small typo, and by its category", () => {
    const all = [trail, city, road];
    expect(searchSavedProducts(all, "blazer").map((p) => p.id)).toEqual([1]);
    expect(searchSavedProducts(all, "glid").map((p) => p.id)).toEqual([2]);
    expect(searchSavedProducts(all, "racr").map((p) => p.id)).toEqual([3]);
    expect(searchSavedProducts(all, "mountain").map((p) => p.id)).toEqual([1]);
    expect(searchSavedProducts(all, "   ")).toEqual([]);
    expect(searchSavedProducts(all, "tandem")).toEqual([]);
  });
});
