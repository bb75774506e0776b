import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sampleProduct } from "../../../../tests/msw/shopping-handlers";
import { PACK_META_PATH } from "@/offline/shared/pack-rules";
import { PackError, preparePack, savePack } from "./save-pack";

// Cache Storage, fetch and the storage estimate as the browser gives them, in memory; `failAfter` puts make
// the next one fail as a full disk does.
function fakeBrowser({ quota = 1e9, failAfter = Infinity, plainBagisto = false } = {}) {
  const stores = new Map<string, Map<string, Blob>>();
  let puts = 0;
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Blob>();
    stores.set(name, store);
    return {
      put: async (url: string, res: Response) => {
        if (++puts > failAfter) throw new DOMException("full", "QuotaExceededError");
        store.set(url, await res.blob());
      },
      match: async (url: string) => (store.has(url) ? new Response(store.get(url)) : undefined),
      keys: async () => [...store.keys()].map((u) => new Request(u)),
    };
  };
  const img = (name: string) => ({
    small_image_url: `/api/images/${name}-s.svg`,
    medium_image_url: `/api/images/${name}-m.svg`,
    large_image_url: `/api/images/${name}-l.svg`,
  });
  const products = [1, 2, 3, 4, 5, 6].map((id) =>
    sampleProduct({
      id,
      url_key: `bike-${id}`,
      name: `Bike ${id}`,
      images: [img(`bike-${id}-a`), img(`bike-${id}-b`)],
      base_image: img(`bike-${id}-a`),
      // A plain Bagisto names no colours in its list: they come with product-configurable-config.
      variation: plainBagisto
        ? undefined
        : [
            {
              color: "red",
              option_id: 1,
              image: `/api/images/bike-${id}-red.svg`,
              size: [{ name: "m", stock: 1 }],
            },
            {
              color: "blue",
              option_id: 2,
              image: `/api/images/bike-${id}-blue.svg`,
              size: [{ name: "m", stock: 1 }],
            },
          ],
    }),
  );
  // The newest bicycles of the whole shop (the product page's related products): of other categories.
  const newest = [7, 8].map((id) =>
    sampleProduct({ id, url_key: `new-${id}`, name: `New ${id}`, images: [img(`new-${id}`)] }),
  );
  const fetchFake = vi.fn(async (url: string, init?: RequestInit) => {
    init?.signal?.throwIfAborted();
    const u = new URL(url);
    if (u.pathname === "/api/products" && u.searchParams.get("category_id") === "2")
      return Response.json({
        data: products,
        meta: {
          current_page: 1,
          from: 1,
          last_page: 1,
          path: "/api/products",
          per_page: 100,
          to: 6,
          total: 6,
        },
      });
    if (u.pathname === "/api/products" && u.searchParams.get("sort") === "created_at")
      return Response.json({ data: newest });
    if (u.pathname.startsWith("/api/images/")) return new Response("<svg/>".repeat(50));
    const config = /^\/api\/product-configurable-config\/(\d+)$/.exec(u.pathname);
    if (config && plainBagisto) {
      const id = config[1]!;
      const option = (optionId: number, label: string) => ({ id: optionId, label, swatch_value: null });
      return Response.json({
        data: {
          attributes: [
            {
              id: 23,
              code: "color",
              label: "Color",
              swatch_type: "color",
              options: [option(1, "Green"), option(2, "Grey")],
            },
          ],
          index: { [`${id}01`]: { 23: 1 }, [`${id}02`]: { 23: 2 } },
          variant_prices: [],
          variant_images: {
            [`${id}01`]: [img(`bike-${id}-green`)],
            [`${id}02`]: [img(`bike-${id}-grey`)],
          },
          chooseText: "Choose an option",
          regular_price: { price: 100, formated_price: "₹100.00" },
        },
      });
    }
    return Response.json({ data: { path: u.pathname, pad: "x".repeat(300) } });
  });
  vi.stubGlobal("location", new URL("http://shop.test/"));
  vi.stubGlobal("fetch", fetchFake);
  vi.stubGlobal("navigator", { onLine: true, storage: { estimate: async () => ({ quota, usage: 0 }) } });
  vi.stubGlobal("caches", {
    open,
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  });
  return { stores, fetchFake };
}

const scope = { key: "mountain-bikes", name: "Mountain Bikes", categoryId: 2, locale: "fr" as const };
// The product page's related products (features/catalog), as the catalogue route saves them with a pack.
const related = { categoryId: "1", sort: "newest", order: "desc", limit: 4 } as const;

describe("saving a pack", () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it("stores every reply without cookies, commits with its metadata last, and counts what it stored", async () => {
    const { stores, fetchFake } = fakeBrowser();
    const prepared = await preparePack(scope, { signal: new AbortController().signal });
    const progress: number[] = [];
    const meta = await savePack(prepared, {
      signal: new AbortController().signal,
      onProgress: (done) => progress.push(done),
    });
    expect(progress).toEqual([1, 2, 3, 4, 5, 6]);
    expect(stores.size).toBe(1);
    const [store] = [...stores.values()];
    const urls = [...store!.keys()];
    expect(urls.at(-1)).toBe(`http://shop.test${PACK_META_PATH}`);
    // In the pack's language (decision 051): the very addresses the French pages ask for.
    expect(urls).toContain("http://shop.test/api/products?category_id=1&url_key=bike-6&locale=fr");
    expect(urls).toContain("http://shop.test/api/product-configurable-config/6?locale=fr");
    expect(urls).toContain("http://shop.test/api/descendant-categories?parent_id=1&locale=fr");
    expect(meta.locale).toBe("fr");
    expect(urls).toContain("http://shop.test/api/reviews?product_id=6&status=approved&page=1&limit=5");
    const bytes = [...store!.values()].reduce((s, b) => s + b.size, 0);
    expect(meta.bytes).toBe(bytes);
    expect(Math.abs(bytes - prepared.estimatedBytes) / bytes).toBeLessThan(0.2);
    for (const [, init] of fetchFake.mock.calls) expect(init?.credentials).toBe("omit");
  });

  it("stores every gallery image of each product, and the related products' list with its cards' images", async () => {
    const { stores } = fakeBrowser();
    const prepared = await preparePack(scope, {
      extraLists: [related],
      signal: new AbortController().signal,
    });
    await savePack(prepared, { signal: new AbortController().signal });
    const [store] = [...stores.values()];
    const urls = [...store!.keys()];
    for (const name of ["bike-6-a-l", "bike-6-b-l", "bike-6-red", "bike-6-blue", "bike-6-a-m", "bike-6-b-s"])
      expect(urls).toContain(`http://shop.test/api/images/${name}.svg`);
    expect(urls).toContain(
      "http://shop.test/api/products?category_id=1&sort=created_at&order=desc&limit=4&locale=fr",
    );
    expect(urls).toContain("http://shop.test/api/images/new-7-m.svg");
    expect(urls).toContain("http://shop.test/api/images/new-8-m.svg");
    // The size announced counts them all.
    const bytes = [...store!.values()].reduce((sum, b) => sum + b.size, 0);
    expect(Math.abs(bytes - prepared.estimatedBytes) / bytes).toBeLessThan(0.2);
  });

  it("stores a plain Bagisto's colour images, known from each product's config, and announces them", async () => {
    const { stores } = fakeBrowser({ plainBagisto: true });
    const prepared = await preparePack(scope, { signal: new AbortController().signal });
    await savePack(prepared, { signal: new AbortController().signal });
    const [store] = [...stores.values()];
    const urls = [...store!.keys()];
    // Every product's colours, sampled or not (4 of the 6 are sampled for the estimate).
    for (const id of [1, 2, 3, 4, 5, 6])
      for (const colour of ["green", "grey"])
        expect(urls).toContain(`http://shop.test/api/images/bike-${id}-${colour}-m.svg`);
    const bytes = [...store!.values()].reduce((sum, b) => sum + b.size, 0);
    expect(Math.abs(bytes - prepared.estimatedBytes) / bytes).toBeLessThan(0.2);
  });

  it("refuses before downloading when the device has not room enough", async () => {
    fakeBrowser({ quota: 5_000 });
    await expect(preparePack(scope, { signal: new AbortController().signal })).rejects.toMatchObject({
      kind: "space",
    });
  });

  it("stops when the storage is full and removes what it had stored", async () => {
    const { stores } = fakeBrowser({ failAfter: 12 });
    const prepared = await preparePack(scope, { signal: new AbortController().signal });
    const error = await savePack(prepared, { signal: new AbortController().signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PackError);
    expect((error as PackError).kind).toBe("quota");
    expect(stores.size).toBe(0);
  });

  it("leaves no half pack when cancelled", async () => {
    const { stores } = fakeBrowser();
    const prepared = await preparePack(scope, { signal: new AbortController().signal });
    const controller = new AbortController();
    const error = await savePack(prepared, {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    }).catch((e: unknown) => e);
    expect((error as DOMException).name).toBe("AbortError");
    expect(stores.size).toBe(0);
  });
});
