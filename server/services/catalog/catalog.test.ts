import zlib from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { productListQuerySchema, type ProductListQuery } from "../../../src/api/contract/product";
import type { Store } from "../../db/store";
import type { SqliteStore } from "../../db/sqlite-store";
import { makeApp, makeStore, shopper, testDialect } from "../../test-utils";
import { Catalog } from "./catalog";
import { CatalogCategories } from "./categories";
import { searchPlan } from "./search-plan";

const FILTER_SETS: Record<string, string>[] = [
  {},
  { sort: "price", order: "asc" },
  { category_id: "2", color: "red", size: "m", sort: "price", order: "asc" },
  { category_id: "3", sort: "name" },
  { cat_slug: "homepage" },
  { color: "blue" },
  { size: "xl", sort: "price", order: "desc" },
  { tag: "Kids", sort: "rating" },
  { sale: "1", sort: "discount" },
  { new: "1" },
  { bestseller: "1" },
  { price: "0,30000", sort: "created_at", order: "asc" },
  { search: "mk" },
  { category_id: "2,4", color: "red,green" },
];

const query = (raw: Record<string, string>): ProductListQuery => productListQuerySchema.parse(raw);

async function catalog(store: Store, maxListIds?: number): Promise<Catalog> {
  const c = new Catalog(store, 0, 0, maxListIds);
  await c.reloadCategories();
  await c.refresh();
  return c;
}

/** Counts the SQL statements a function runs on the store. */
async function statements(store: Store, fn: () => Promise<unknown>): Promise<number> {
  const all = vi.spyOn(store, "allCompiled");
  const first = vi.spyOn(store, "firstCompiled");
  try {
    await fn();
    return all.mock.calls.length + first.mock.calls.length;
  } finally {
    all.mockRestore();
    first.mockRestore();
  }
}

describe("catalogue search at any size", () => {
  it("answers every page of every filter set as the OFFSET query does, whether the set's ids are kept or not", async () => {
    const store = await makeStore();
    const kept = await catalog(store);
    const paged = await catalog(store, 0);
    const mixed = await catalog(store, 10); // sets of more than 10 products are counted and paged with OFFSET
    for (const raw of FILTER_SETS) {
      const q = query(raw);
      const expected = await paged.search(q, 1, 5);
      for (let page = 1; page <= Math.ceil(expected.total / 5) + 1; page++) {
        const want = await paged.search(q, page, 5);
        expect(await kept.search(q, page, 5), JSON.stringify({ raw, page })).toEqual(want);
        expect(await mixed.search(q, page, 5), JSON.stringify({ raw, page })).toEqual(want);
      }
    }
    await store.close();
  });

  it("reads a filter set's ids once per catalogue version, then serves any page without SQL", async () => {
    const store = await makeStore();
    const c = await catalog(store);
    const q = query({ category_id: "2", sort: "price", order: "asc" });
    let first!: { ids: number[]; total: number };
    expect(await statements(store, async () => (first = await c.search(q, 1, 3)))).toBe(1);
    expect(first.total).toBe(9);
    expect(await statements(store, () => Promise.all([2, 3, 4].map((p) => c.search(q, p, 3))))).toBe(0);

    // A catalogue change (here made with SQL, as another instance or an admin tool would): the next
    // version check drops the kept ids, and the next request reads them again.
    const cheapest = first.ids[0]!;
    await store.rawRun("update products set final_price = final_price + 1000000 where id = ?", [cheapest]);
    await c.refresh(Date.now() + 60_000);
    let after!: { ids: number[]; total: number };
    expect(await statements(store, async () => (after = await c.search(q, 3, 3)))).toBe(1);
    expect(after.ids.at(-1)).toBe(cheapest);
    expect(after.total).toBe(9);
    await store.close();
  });

  it.skipIf(testDialect !== "sqlite")(
    "walks an index in the list's order: no scan of a table, no temporary B-tree, covering probes",
    async () => {
      const store = (await makeStore()) as SqliteStore;
      await store.analyze();
      const categories = new CatalogCategories(store);
      await categories.reload();
      const plan = (sql: string, params: unknown[]) =>
        (store.sqlite.prepare(`explain query plan ${sql}`).all(...params) as { detail: string }[]).map(
          (r) => r.detail,
        );
      // The sets one index serves in order: a text search, a price range or a flag filters rows of the walk,
      // and several categories are two ranges merged and sorted (once per catalogue version, see search).
      for (const raw of FILTER_SETS.filter(
        (r) => !r.search && !r.price && !r.sale && !r.new && !r.bestseller && !r.category_id?.includes(","),
      )) {
        const p = await searchPlan(store, categories, query(raw));
        for (const compiled of [p.all(1000), p.page(24, 12)]) {
          const lines = plan(compiled.sql, compiled.params);
          const why = JSON.stringify({ raw, lines });
          expect(
            lines.some((l) => /TEMP B-TREE/.test(l)),
            why,
          ).toBe(false);
          // SCAN only of an index (in order), SEARCH only through covering indexes or the primary key
          expect(
            lines.every((l) => !/^SCAN /.test(l) || /USING COVERING INDEX/.test(l)),
            why,
          ).toBe(true);
          expect(
            lines.every((l) => !/^SEARCH /.test(l) || /COVERING INDEX|PRIMARY KEY/.test(l)),
            why,
          ).toBe(true);
        }
      }
      // A product's detail: its categories and review counts come from covering indexes, in order.
      for (const [sql, params] of [
        [
          'select "product_id", "category_id" from "product_categories" where "product_id" in (?) order by "position"',
          [1],
        ],
        [
          'select "product_id", "rating", count(*) as "n" from "reviews" where "product_id" in (?) and "status" = ? group by "product_id", "rating"',
          [1, "approved"],
        ],
      ] as const) {
        const lines = plan(sql, [...params]);
        expect(lines.join("\n")).toMatch(/USING COVERING INDEX/);
        expect(lines.join("\n")).not.toMatch(/TEMP B-TREE/);
      }
      await store.close();
    },
  );
});

describe("facet counts", () => {
  it("are computed once per catalogue version and again after a catalogue change", async () => {
    const app = await makeApp();
    const s = shopper(app);
    const { store, catalog: cat } = app.deps;
    const red = async () =>
      (
        (await s.get("/api/getattributes?cat_slug=road-bikes")).json as {
          data: { code: string; options: { admin_name: string; count: number }[] }[];
        }
      ).data
        .find((a) => a.code === "color")!
        .options.find((o) => o.admin_name === "red")!.count;
    const before = await red();
    expect(before).toBeGreaterThan(0);
    const spy = vi.spyOn(store, "allCompiled");
    expect(await red()).toBe(before);
    expect(spy.mock.calls.filter(([c]) => /product_variants|product_tags/.test(c.sql))).toHaveLength(0);
    spy.mockRestore();

    await store.rawRun(
      "delete from product_variants where color_option_id = 1 and product_id in (select product_id from product_categories where category_id = 3)",
    );
    await cat.refresh(Date.now() + 60_000);
    expect(await red()).toBe(0);
  });
});

describe("kept list replies", () => {
  it("are compressed once for the browsers that take gzip, and follow a catalogue change", async () => {
    const app = await makeApp();
    const { store, catalog: cat } = app.deps;
    const path = "/api/products?category_id=2&sort=price&order=asc&limit=12";
    const get = (gzip: boolean) =>
      app.request(path, {
        headers: { Accept: "application/json", ...(gzip ? { "Accept-Encoding": "gzip" } : {}) },
      });
    const plain = await (await get(false)).text();
    const replies = [];
    for (let i = 0; i < 3; i++) {
      const r = await get(true);
      expect(r.headers.get("content-encoding")).toBe("gzip");
      expect(r.headers.get("vary")).toContain("Accept-Encoding");
      replies.push(zlib.gunzipSync(Buffer.from(await r.arrayBuffer())).toString("utf8"));
    }
    expect(replies).toEqual([plain, plain, plain]);
    // The kept reply's compressed bytes are made once and served again.
    const kept = cat.cachedList(path, true);
    expect(kept?.gzip).toBe(true);
    expect(cat.cachedList(path, true)?.body).toBe(kept?.body);

    const first = (JSON.parse(plain) as { data: { id: number; name: string }[] }).data[0]!;
    await store.rawRun("update products set name = 'Renamed Roadster' where id = ?", [first.id]);
    await cat.refresh(Date.now() + 60_000);
    const r = await get(true);
    const after = JSON.parse(zlib.gunzipSync(Buffer.from(await r.arrayBuffer())).toString("utf8")) as {
      data: { id: number; name: string }[];
    };
    expect(after.data[0]).toMatchObject({ id: first.id, name: "Renamed Roadster" });
  });
});

describe("a product's detail reply", () => {
  it("is compressed once per product view for the browsers that take gzip, and follows a catalogue change", async () => {
    const app = await makeApp();
    const { store, catalog: cat } = app.deps;
    const get = (gzip: boolean) =>
      app.request("/api/products/3", {
        headers: { Accept: "application/json", ...(gzip ? { "Accept-Encoding": "gzip" } : {}) },
      });
    const plain = await get(false);
    expect(plain.headers.get("content-encoding")).toBeNull();
    const text = await plain.text();
    for (let i = 0; i < 2; i++) {
      const r = await get(true);
      expect(r.headers.get("content-encoding")).toBe("gzip");
      expect(r.headers.get("vary")).toContain("Accept-Encoding");
      expect(r.headers.get("cache-control")).toBe("public, max-age=60");
      expect(zlib.gunzipSync(Buffer.from(await r.arrayBuffer())).toString("utf8")).toBe(text);
    }
    // The same view's compressed reply is made once and served again.
    const kept = await cat.detail(3, true);
    expect(kept?.gzip).toBe(true);
    expect((await cat.detail(3, true))?.body).toBe(kept?.body);

    await store.rawRun("update products set name = 'Renamed Roadster' where id = 3");
    await cat.refresh(Date.now() + 60_000);
    const r = await get(true);
    const after = JSON.parse(zlib.gunzipSync(Buffer.from(await r.arrayBuffer())).toString("utf8")) as {
      data: { id: number; name: string };
    };
    expect(after.data).toMatchObject({ id: 3, name: "Renamed Roadster" });
  });
});
