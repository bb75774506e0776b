// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { savedPackProducts } from "./pack-products";
import { PACK_INDEX_PATH, PACK_META_PATH, packCacheName } from "@/offline/shared/pack-rules";

/** Cache Storage in memory, counting the caches opened. */
function fakeCaches(packs: Record<string, Record<string, unknown>>) {
  let opened = 0;
  const storage = {
    keys: () => Promise.resolve(Object.keys(packs)),
    open: (name: string) => {
      opened += 1;
      const entries = packs[name] ?? {};
      return Promise.resolve({
        match: (url: string) => {
          const path = new URL(url).pathname;
          return Promise.resolve(path in entries ? new Response(JSON.stringify(entries[path])) : undefined);
        },
      });
    },
  };
  Object.defineProperty(globalThis, "caches", { value: storage, configurable: true });
  return { opened: () => opened };
}

const image = {
  small_image_url: "/s.jpg",
  medium_image_url: "/m.jpg",
  large_image_url: "/l.jpg",
  original_image_url: "/o.jpg",
};
/** A product as the API lists it (Bagisto 1.3's keys), as a pack's index stores it. */
const wire = (id: number) => ({
  id,
  sku: `bike-${id}`,
  type: "simple",
  name: `Bike ${id}`,
  url_key: `bike-${id}`,
  price: "500.0000",
  formated_price: "$500.00",
  short_description: "",
  description: "",
  images: [],
  base_image: image,
  created_at: "2021-09-27T00:00:00.000000Z",
  updated_at: "2021-09-27T00:00:00.000000Z",
  reviews: { total: 0, total_rating: 0, average_rating: 0, percentage: [] },
  in_stock: true,
  is_wishlisted: false,
  is_item_in_cart: false,
});
const ids = (products: { id: number }[]) => products.map((p) => p.id);

afterEach(() => {
  Reflect.deleteProperty(globalThis, "caches");
});

describe("savedPackProducts", () => {
  it("lists the products of complete packs only, reads each pack once, and forgets a removed pack", async () => {
    const mountain = packCacheName("category:mountain", 1);
    const road = packCacheName("category:road", 2);
    const half = packCacheName("category:fat", 3);
    const packs: Record<string, Record<string, unknown>> = {
      [mountain]: { [PACK_META_PATH]: {}, [PACK_INDEX_PATH]: { products: [wire(1), wire(2)] } },
      [road]: { [PACK_META_PATH]: {}, [PACK_INDEX_PATH]: { products: [wire(3), { id: 9 }] } },
      // A save still under way: its index is there, its metadata (written last) not yet.
      [half]: { [PACK_INDEX_PATH]: { products: [wire(4)] } },
      "images-runtime": {},
    };
    const counter = fakeCaches(packs);

    // Reshaped like every reply; a product the contract does not accept ({ id: 9 }) is left out.
    const first = await savedPackProducts();
    expect(ids(first)).toEqual([1, 2, 3]);
    expect(first[0]).toMatchObject({ urlKey: "bike-1", name: "Bike 1", finalPrice: 500 });
    const afterFirst = counter.opened();
    expect(afterFirst).toBe(3);

    // The next search opens only the half pack again, which has now completed.
    packs[half]![PACK_META_PATH] = {};
    expect(ids(await savedPackProducts())).toEqual([1, 2, 3, 4]);
    expect(counter.opened()).toBe(afterFirst + 1);

    // Removed on the Saved for offline page: its products leave the search.
    delete packs[road];
    expect(ids(await savedPackProducts())).toEqual([1, 2, 4]);
    expect(counter.opened()).toBe(afterFirst + 1);
  });
});
