import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import type { Store } from "../../db/store";
import { makeApp, makeStore, shopper, testDialect } from "../../test-utils";
import { Catalog } from "./catalog";
import { ProductRows } from "./product-rows";

/** A catalogue with nothing cached in process that checks the database's version whenever asked. */
async function catalog(store: Store): Promise<Catalog> {
  const c = new Catalog(store, 0, 0);
  await c.reloadCategories();
  await c.refresh();
  return c;
}

/** The SQL a function runs on the store. */
async function statements(store: Store, fn: () => Promise<unknown>): Promise<string[]> {
  const all = vi.spyOn(store, "allCompiled");
  const first = vi.spyOn(store, "firstCompiled");
  try {
    await fn();
    return [...all.mock.calls, ...first.mock.calls].map(([c]) => c.sql);
  } finally {
    all.mockRestore();
    first.mockRestore();
  }
}

async function stored(store: Store, id: number): Promise<string | undefined> {
  return (await store.raw<{ json: string }>("select json from product_views where product_id = ?", [id]))[0]
    ?.json;
}

async function detail(c: Catalog, id: number): Promise<Record<string, unknown>> {
  const [bytes] = await c.viewsBytes([id]);
  return JSON.parse(bytes!.toString("utf8")) as Record<string, unknown>;
}

const BUILDING = /product_variants|product_categories|reviews|from "products"/;

describe("stored product views (product_views, migration 0008)", () => {
  it("are stored for every product by the seed, and equal the freshly built views byte for byte", async () => {
    const store = await makeStore();
    const c = await catalog(store);
    const ids = (await store.raw<{ id: number }>("select id from products order by id")).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(10);
    const rows = await store.raw<{ product_id: number; json: string }>(
      "select product_id, json from product_views order by product_id",
    );
    expect(rows.map((r) => r.product_id)).toEqual(ids);
    const built = await c.views(ids);
    expect(rows.map((r) => r.json)).toEqual(built.map((v) => JSON.stringify(v)));
    await store.close();
  });

  it("serve a product the in-process cache does not hold with one read and no build", async () => {
    const store = await makeStore();
    const c = await catalog(store);
    const ids = [1, 7, 12];
    let bytes: Buffer[] = [];
    const sqls = await statements(store, async () => (bytes = await c.viewsBytes(ids)));
    expect(sqls).toHaveLength(1);
    expect(sqls.filter((s) => BUILDING.test(s))).toEqual([]);
    expect(bytes.map((b) => b.toString("utf8"))).toEqual((await c.views(ids)).map((v) => JSON.stringify(v)));
    // Then held in process: no SQL at all.
    expect(await statements(store, () => c.viewsBytes(ids))).toEqual([]);
    await store.close();
  });

  it("are deleted by any change to what they are built from, made with SQL, and built again on the next read", async () => {
    const store = await makeStore();
    const c = await catalog(store);
    const pid = 5;
    const changes: {
      sql: string;
      params?: (string | number)[];
      check: (v: Record<string, unknown>) => void;
    }[] = [
      {
        sql: "update products set name = 'Renamed by SQL' where id = ?",
        params: [pid],
        check: (v) => expect(v.name).toBe("Renamed by SQL"),
      },
      {
        sql: "update products set price = 12345, final_price = 12345, discount = 0 where id = ?",
        params: [pid],
        check: (v) => expect(v.price).toBe(12345),
      },
      {
        sql: "update product_variants set stock = 0 where product_id = ?",
        params: [pid],
        check: (v) => expect(v.stock).toBe(0),
      },
      {
        sql: "insert into reviews (product_id, customer_id, name, title, comment, rating, status, created_at, updated_at) values (?, null, 'A', 'T', 'C', 1, 'approved', '2026-11-25T00:00:00.000Z', '2026-11-25T00:00:00.000Z')",
        params: [pid],
        check: (v) => expect((v.reviews as { total: number }).total).toBeGreaterThan(0),
      },
      {
        sql: "delete from product_categories where product_id = ?",
        params: [pid],
        check: (v) => expect(v.categories).toEqual([]),
      },
    ];
    for (const change of changes) {
      expect(await stored(store, pid), change.sql).toBeDefined();
      const other = await stored(store, pid + 1);
      await store.rawRun(change.sql, change.params);
      expect(await stored(store, pid), change.sql).toBeUndefined();
      expect(await stored(store, pid + 1), change.sql).toBe(other);
      await c.refresh(Date.now() + 60_000);
      const v = await detail(c, pid);
      change.check(v);
      expect(JSON.stringify(v)).toBe(JSON.stringify((await c.views([pid]))[0]));
      await c.settled();
      expect(await stored(store, pid), change.sql).toBe(JSON.stringify(v));
    }

    // A category, shared by many products: every stored view goes.
    await store.rawRun("update categories set name = 'Roadsters' where id = 3");
    expect(await store.raw("select product_id from product_views")).toEqual([]);
    await c.refresh(Date.now() + 60_000);
    const road = (
      await store.raw<{ product_id: number }>(
        "select product_id from product_categories where category_id = 3 order by product_id limit 1",
      )
    )[0]!.product_id;
    const v = await detail(c, road);
    expect((v.categories as { name: string }[]).map((x) => x.name)).toContain("Roadsters");
    await c.settled();
    expect(await stored(store, road)).toBe(JSON.stringify(v));
    await store.close();
  });

  it("are not stored when the catalogue changed while they were built", async () => {
    const store = await makeStore();
    const c = await catalog(store);
    const pid = 3;
    await store.rawRun("delete from product_views where product_id = ?", [pid]);
    const views = ProductRows.prototype.views;
    // The change commits between reading the product's rows and storing its view (another instance, say).
    const spy = vi.spyOn(ProductRows.prototype, "views").mockImplementationOnce(async function (
      this: ProductRows,
      ids,
      opts,
    ) {
      const built = await views.call(this, ids, opts);
      await store.rawRun("update products set name = 'Changed meanwhile' where id = ?", [pid]);
      return built;
    });
    const v = await detail(c, pid);
    expect(v.name).not.toBe("Changed meanwhile");
    await c.settled();
    expect(await stored(store, pid)).toBeUndefined();
    spy.mockRestore();
    await c.refresh(Date.now() + 60_000);
    expect((await detail(c, pid)).name).toBe("Changed meanwhile");
    await c.settled();
    expect(await stored(store, pid)).toBeDefined();
    await store.close();
  });

  it("give the same detail reply as a view built on the request", async () => {
    const app = await makeApp();
    const s = shopper(app);
    const { store } = app.deps;
    const urlKeys = await store.raw<{ id: number; url_key: string }>(
      "select id, url_key from products order by id limit 4",
    );
    const withStored: string[] = [];
    for (const { id } of urlKeys) {
      const r = await s.get(`/api/products/${id}`);
      expect(r.status).toBe(200);
      expect(r.json.data.id).toBe(id);
      withStored.push(r.text);
    }
    const fresh = await makeApp();
    await fresh.deps.store.rawRun("delete from product_views");
    const f = shopper(fresh);
    for (const [i, { id }] of urlKeys.entries())
      expect((await f.get(`/api/products/${id}`)).text).toBe(withStored[i]);
    await store.close();
    await fresh.deps.store.close();
  });
});

describe("a product's compressed detail reply, stored with its view (migration 0011)", () => {
  async function storedGzip(store: Store, id: number): Promise<Buffer | null | undefined> {
    return (
      await store.raw<{ gzip: Buffer | null }>("select gzip from product_views where product_id = ?", [id])
    )[0]?.gzip;
  }

  it("is stored by the seed for every product, the gzip of the exact reply", async () => {
    const store = await makeStore();
    const rows = await store.raw<{ json: string; gzip: Buffer | null }>(
      "select json, gzip from product_views order by product_id",
    );
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) expect(gunzipSync(r.gzip!).toString("utf8")).toBe(`{"data":${r.json}}`);
    await store.close();
  });

  it.runIf(testDialect === "postgres")(
    "stays in the table's pages with its view on PostgreSQL (nothing moved to the TOAST table)",
    async () => {
      const store = await makeStore();
      const [toast] = await store.raw<{ bytes: number }>(
        "select pg_relation_size(reltoastrelid) as bytes from pg_class where relname = 'product_views'",
      );
      expect(Number(toast?.bytes)).toBe(0);
      await store.close();
    },
  );

  it("is sent as stored to a browser that takes gzip, with one read and no compression", async () => {
    const app = await makeApp();
    const { store } = app.deps;
    const plain = await (
      await app.request("/api/products/6", { headers: { Accept: "application/json" } })
    ).text();
    // Stored at another level than the server's (the same reply, other bytes): what is sent is what is stored.
    const stored = gzipSync(plain, { level: 1 });
    await store.rawRun("update product_views set gzip = ? where product_id = ?", [stored, 6]);
    // Another instance: nothing held in process.
    const other = await makeApp({ store });
    let body = new Uint8Array();
    const sqls = await statements(store, async () => {
      const r = await other.request("/api/products/6", { headers: { "Accept-Encoding": "gzip, deflate" } });
      expect(r.status).toBe(200);
      expect(r.headers.get("content-encoding")).toBe("gzip");
      body = new Uint8Array(await r.arrayBuffer());
    });
    expect(sqls.filter((s) => /product_views/.test(s))).toHaveLength(1);
    expect(sqls.filter((s) => BUILDING.test(s))).toEqual([]);
    expect(Buffer.from(body).equals(stored)).toBe(true);
    await store.close();
  });

  it("of products asked for together is read in one statement, each its own", async () => {
    const store = await makeStore();
    const c = await catalog(store);
    const ids = [2, 4, 4, 11];
    let replies: ({ body: Uint8Array } | undefined)[] = [];
    const sqls = await statements(store, async () => {
      replies = await Promise.all(ids.map((id) => c.detail(id, true)));
    });
    expect(sqls).toHaveLength(1);
    for (const [i, id] of ids.entries())
      expect(Buffer.from(replies[i]!.body).equals((await storedGzip(store, id))!)).toBe(true);
    expect(await c.detail(999_999, true)).toBeUndefined();
    await store.close();
  });

  it("is compressed once for a view stored without one, kept with it, and goes when the product changes", async () => {
    const app = await makeApp();
    const { store, catalog: c } = app.deps;
    await store.rawRun("update product_views set gzip = null where product_id = ?", [8]);
    const get = async () =>
      gunzipSync(
        Buffer.from(
          await (
            await app.request("/api/products/8", { headers: { "Accept-Encoding": "gzip" } })
          ).arrayBuffer(),
        ),
      ).toString("utf8");
    const reply = await get();
    await c.settled();
    expect(gunzipSync((await storedGzip(store, 8))!).toString("utf8")).toBe(reply);

    await store.rawRun("update products set name = 'Gravel Renamed' where id = 8");
    expect(await storedGzip(store, 8)).toBeUndefined();
    await c.refresh(Date.now() + 60_000);
    const renamed = JSON.parse(await get()) as { data: { name: string } };
    expect(renamed.data.name).toBe("Gravel Renamed");
    await c.settled();
    expect(JSON.parse(gunzipSync((await storedGzip(store, 8))!).toString("utf8"))).toEqual(renamed);
    await store.close();
  });

  it("is not looked for when the reply is too small to be sent compressed: one read, then none", async () => {
    const store = await makeStore();
    const c = await catalog(store);
    const small = '{"id":7,"name":"Tiny"}';
    await store.rawRun("update product_views set json = ?, gzip = null where product_id = ?", [small, 7]);
    for (const reads of [1, 0]) {
      let reply: { body: Uint8Array; gzip: boolean } | undefined;
      const sqls = await statements(store, async () => {
        reply = await c.detail(7, true);
      });
      expect(sqls).toHaveLength(reads);
      expect(reply?.gzip).toBe(false);
      expect(Buffer.from(reply!.body).toString("utf8")).toBe(`{"data":${small}}`);
    }
    await c.settled();
    expect(await storedGzip(store, 7)).toBeNull();
    await store.close();
  });

  it("is compressed from the view read with it when it was stored without one: one read", async () => {
    const store = await makeStore();
    const c = await catalog(store);
    await store.rawRun("update product_views set gzip = null where product_id = ?", [5]);
    const view = await stored(store, 5);
    let reply: { body: Uint8Array; gzip: boolean } | undefined;
    const sqls = await statements(store, async () => {
      reply = await c.detail(5, true);
    });
    expect(sqls).toHaveLength(1);
    expect(reply?.gzip).toBe(true);
    expect(gunzipSync(reply!.body).toString("utf8")).toBe(`{"data":${view}}`);
    await c.settled();
    expect(Buffer.from(reply!.body).equals((await storedGzip(store, 5))!)).toBe(true);
    await store.close();
  });

  it("is not kept with a stored view that changed since the reply was compressed", async () => {
    const store = await makeStore();
    const c = await catalog(store);
    await store.rawRun("update product_views set gzip = null where product_id = ?", [9]);
    // The view's JSON is held in process, then the stored one is replaced (another instance rebuilt it).
    await c.viewsBytes([9]);
    await store.rawRun("update product_views set json = ? where product_id = ?", ['{"id":9}', 9]);
    expect((await c.detail(9, true))?.gzip).toBe(true);
    await c.settled();
    expect(await storedGzip(store, 9)).toBeNull();
    await store.close();
  });
});
