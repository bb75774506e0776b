import { describe, expect, it } from "vitest";
import {
  filterPackProducts,
  packCacheName,
  packCovers,
  packKeyOf,
  packListReply,
  type PackProduct,
} from "./pack-rules";

function bike(id: number, over: Partial<PackProduct> = {}): PackProduct {
  return {
    id,
    name: `Bike ${id}`,
    price: 1000 * id,
    discount: 0,
    new: false,
    featured: false,
    rating: 3,
    saleCount: 0,
    created_at: `2026-01-${String(10 + id).padStart(2, "0")}`,
    categories: [{ id: 2, slug: "mountain-bikes" }],
    tags: ["Men"],
    variation: [{ color: "red", option_id: 1, size: [{ name: "m", option_id: 7 }] }],
    ...over,
  };
}

const products = [
  bike(1),
  bike(2, { variation: [{ color: "black", option_id: 3, size: [{ name: "xl", option_id: 8 }] }] }),
  bike(3, { discount: 50, special_price: 1500, tags: ["Women"] }),
  bike(4, { categories: [{ id: 3, slug: "road-bikes" }], new: true }),
];
const ids = (list: PackProduct[]) => list.map((p) => p.id);
const q = (s: string) => new URLSearchParams(s);

describe("lists answered from a saved pack", () => {
  it("lists the newest first by default, as the server does", () => {
    expect(ids(filterPackProducts(products, q("cat_slug=mountain-bikes")))).toEqual([3, 2, 1]);
  });

  it("filters by colour and size (by name or option id), tag, flag and category", () => {
    expect(ids(filterPackProducts(products, q("color=Red")))).toEqual([4, 3, 1]);
    expect(ids(filterPackProducts(products, q("color=3")))).toEqual([2]);
    expect(ids(filterPackProducts(products, q("size=xl")))).toEqual([2]);
    expect(ids(filterPackProducts(products, q("color=red&size=xl")))).toEqual([]);
    expect(ids(filterPackProducts(products, q("tag=women")))).toEqual([3]);
    expect(ids(filterPackProducts(products, q("new=1")))).toEqual([4]);
    expect(ids(filterPackProducts(products, q("category_id=3")))).toEqual([4]);
    expect(ids(filterPackProducts(products, q("category_id=1")))).toEqual([4, 3, 2, 1]);
  });

  it("filters and sorts by the price a bicycle sells at (its special price when discounted)", () => {
    expect(ids(filterPackProducts(products, q("sort=price&order=asc")))).toEqual([1, 3, 2, 4]);
    expect(ids(filterPackProducts(products, q("sort=price&order=desc")))).toEqual([4, 2, 3, 1]);
    expect(ids(filterPackProducts(products, q("price=1200,2500")))).toEqual([3, 2]);
    expect(ids(filterPackProducts(products, q("price=2500,0")))).toEqual([4]);
  });

  it("pages the matches in Bagisto's envelope", () => {
    const reply = packListReply(products, new URL("http://shop.test/api/products?page=2&limit=3"));
    expect(ids(reply!.data)).toEqual([1]);
    expect(reply!.meta).toMatchObject({
      current_page: 2,
      last_page: 2,
      per_page: 3,
      total: 4,
      from: 4,
      to: 4,
    });
    expect(reply!.links.prev).toBe("/api/products?page=1&limit=3");
    expect(reply!.links.next).toBeNull();
  });

  it("does not answer what it cannot know: a search, a product by url_key, a bestseller list", () => {
    for (const s of ["search=bike", "url_key=bike-1", "bestseller=1"])
      expect(packListReply(products, new URL(`http://shop.test/api/products?${s}`))).toBeNull();
  });

  it("answers a category's lists from that category's pack or the whole catalogue's only", () => {
    const mountain = { key: "mountain-bikes", categoryId: 2 };
    expect(packCovers(mountain, q("cat_slug=mountain-bikes&color=red"))).toBe(true);
    expect(packCovers(mountain, q("cat_slug=road-bikes"))).toBe(false);
    expect(packCovers(mountain, q("category_id=1&limit=5"))).toBe(false);
    expect(packCovers(mountain, q("category_id=2"))).toBe(true);
    expect(packCovers({ key: "all", categoryId: null }, q("category_id=1"))).toBe(true);
  });

  it("answers a list in the pack's own language only (a pack saved before languages is English)", () => {
    const q = (s: string) => new URLSearchParams(s);
    const french = { key: "mountain-bikes", categoryId: 2, locale: "fr" };
    expect(packCovers(french, q("category_id=2&color=red&locale=fr"))).toBe(true);
    expect(packCovers(french, q("category_id=2&locale=en"))).toBe(false);
    expect(packCovers(french, q("category_id=2"))).toBe(false);
    expect(packCovers({ key: "all", categoryId: null, locale: "de" }, q("category_id=1&locale=fr"))).toBe(
      false,
    );
    const older = { key: "mountain-bikes", categoryId: 2 };
    expect(packCovers(older, q("category_id=2&locale=en"))).toBe(true);
    expect(packCovers(older, q("category_id=2&locale=fr"))).toBe(false);
  });

  it("names a pack's cache after its key and save time, and reads the key back", () => {
    const name = packCacheName("city-hybrid-bikes", 1700000000000);
    expect(packKeyOf(name)).toBe("city-hybrid-bikes");
    expect(packKeyOf("images-v1")).toBeNull();
  });
});
