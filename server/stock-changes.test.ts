import { describe, expect, it, vi } from "vitest";
import { productListQuerySchema } from "../src/api/contract/product";
import type { App } from "./app";
import type { Store } from "./db/store";
import { CHECKOUT_ADDRESS, makeApp, makeStorePair, shopper, standInDist, testDialect } from "./test-utils";

/** A storefront build whose stand-in renderer writes each listed product's name and stock into the page. */
function distWithListRenderer(): string {
  return standInDist(
    `let api;
let renders = 0;
export function configureRenderer(transport) { api = transport; }
export async function renderPage(url) {
  const list = (await (await api(url.replace(/^\\/list/, "/api/products"), {})).json()).data;
  return {
    html: "<h1>render " + ++renders + "</h1>" + list.map((p) => "<p>" + p.name + ": " + p.stock + "</p>").join(""),
    head: "", handoff: "", status: 200,
  };
}`,
  );
}

const LIST = "category_id=2&limit=4&order=asc&sort=price";

interface Listed {
  id: number;
  name: string;
  stock: number;
}

/** The SQL statements a function runs on the store (the catalogue version checks left out). */
async function statements(store: Store, fn: () => Promise<unknown>): Promise<string[]> {
  const all = vi.spyOn(store, "allCompiled");
  const first = vi.spyOn(store, "firstCompiled");
  try {
    await fn();
    return [...all.mock.calls, ...first.mock.calls]
      .map(([c]) => c.sql)
      .filter((sql) => !/catalog_version/.test(sql));
  } finally {
    all.mockRestore();
    first.mockRestore();
  }
}

/** Reads a filter set's ordered ids (Catalog.search: the products' ids of the set, in the list's order). */
const readsIds = (sql: string) => /^select "p"\."id" from "products" as "p"/.test(sql);

async function eventually(check: () => Promise<boolean>, ms: number): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function order(app: App, productId: number): Promise<void> {
  const s = shopper(app);
  expect((await s.post(`/api/checkout/cart/add/${productId}`, { quantity: 1 })).status).toBe(200);
  await s.post("/api/checkout/save-address", {
    billing: { ...CHECKOUT_ADDRESS, use_for_shipping: true },
    shipping: { address1: [""] },
  });
  await s.post("/api/checkout/save-shipping", { shipping_method: "flatrate_flatrate" });
  await s.post("/api/checkout/save-payment", { payment: { method: "cashondelivery" } });
  expect((await s.post("/api/checkout/save-order")).status).toBe(200);
}

describe("an order changes only what shows the products it sold (issue 14: costs that stay flat)", () => {
  it.each([
    ["in a render thread", 1],
    ["on the main thread", 0],
  ])(
    "keeps the other kept list replies and pages (rendered %s), while stock, names and prices stay fresh",
    async (_, renderThreads) => {
      const [storeA, storeB] = await makeStorePair();
      const dist = distWithListRenderer();
      // A shows the list and its page; orders are placed on B, as on another instance behind the balancer.
      const a = await makeApp({ store: storeA, distDir: dist, renderThreads });
      const b = await makeApp({ store: storeB });
      const api = async () =>
        (await (await a.request(`http://shop.test/api/products?${LIST}`)).json()) as {
          data: Listed[];
        };
      const page = async () => await (await a.request(`http://shop.test/list?${LIST}`)).text();
      // A's next request sees every change made so far, as it does within a second.
      const check = () => a.deps.catalog.refresh(Date.now() + 60_000);

      const listed = (await api()).data;
      expect(listed).toHaveLength(4);
      const first = await page();
      expect(first).toContain("<h1>render 1</h1>");
      for (const p of listed) expect(first).toContain(`<p>${p.name}: ${p.stock}</p>`);

      // An order of a product the list does not show: the list's reply and page are kept, no SQL runs.
      const shown = listed.map((p) => p.id);
      const [other] = await storeA.raw<{ id: number }>(
        `select id from products where type = 'simple' and stock > 5 and id not in (${shown.join(", ")}) order by id`,
      );
      await order(b, other!.id);
      await check();
      let again!: { data: Listed[] };
      expect(await statements(storeA, async () => (again = await api()))).toEqual([]);
      expect(again.data).toEqual(listed);
      expect(await page()).toBe(first);

      // The stock of a product the list shows, changed with SQL: its list reply and page show the new stock,
      // the filter set's ids are not read again, and its detail shows it too.
      const sold = listed[1]!;
      await storeA.rawRun("update products set stock = 0 where id = ?", [sold.id]);
      await storeA.rawRun("update product_variants set stock = 0 where product_id = ?", [sold.id]);
      await check();
      const ran = await statements(storeA, async () => (again = await api()));
      expect(ran.filter(readsIds)).toEqual([]);
      expect(again.data.map((p) => [p.id, p.stock])).toEqual(
        listed.map((p) => [p.id, p.id === sold.id ? 0 : p.stock]),
      );
      const second = await page();
      expect(second).toContain("<h1>render 2</h1>");
      expect(second).toContain(`<p>${sold.name}: 0</p>`);
      const detail = (await (await a.request(`http://shop.test/api/products/${sold.id}`)).json()) as {
        data: Listed & { in_stock: boolean };
      };
      expect(detail.data).toMatchObject({ stock: 0, in_stock: false });

      // A name changed with SQL (as an admin tool would) reaches the list, its ids and its page within 5 s.
      await storeB.rawRun("update products set name = 'Renamed by SQL' where id = ?", [listed[0]!.id]);
      await eventually(async () => (await api()).data[0]!.name === "Renamed by SQL", 5000);
      expect(await page()).toContain("<p>Renamed by SQL: ");
      // A price: the filter set is read again (a price sort's order changes).
      await storeB.rawRun("update products set final_price = 0 where id = ?", [listed[3]!.id]);
      await check();
      expect((await statements(storeA, api)).filter(readsIds)).toHaveLength(1);
      expect((await api()).data[0]!.id).toBe(listed[3]!.id);
      await storeA.close();
      if (storeB !== storeA) await storeB.close();
    },
    30_000,
  );

  it("drops an ordered product once on the instance that took the order, and another instance shows its new stock within 5 s", async () => {
    const [storeA, storeB] = await makeStorePair();
    // A checks the catalogue versions only when told (`check`); B as every instance does, each second.
    const a = await makeApp({ store: storeA, catalogVersionCheckMs: 3_600_000 });
    const b = await makeApp({ store: storeB });
    const check = () => a.deps.catalog.refresh(Date.now() + 3_600_001);
    const [product, other] = await storeA.raw<{ id: number; stock: number }>(
      "select id, stock from products where type = 'simple' and stock > 5 order by id",
    );
    const stock = async (app: App, id = product!.id) =>
      ((await (await app.request(`http://shop.test/api/products/${id}`)).json()) as { data: Listed }).data
        .stock;
    expect(await stock(a)).toBe(product!.stock);
    expect(await stock(a, other!.id)).toBe(other!.stock);
    expect(await stock(b)).toBe(product!.stock);

    await order(a, product!.id);
    // Another product's stock, changed elsewhere after the order: A's check must still drop that one.
    await storeB.rawRun("update products set stock = 1 where id = ?", [other!.id]);
    // Dropped at once on A: its detail is read again, with the new stock.
    let shown = 0;
    expect(await statements(storeA, async () => (shown = await stock(a)))).not.toEqual([]);
    expect(shown).toBe(product!.stock - 1);
    // A's version check finds the order's stock versions, its own: the detail read since is kept.
    await check();
    expect(await statements(storeA, async () => (shown = await stock(a)))).toEqual([]);
    expect(shown).toBe(product!.stock - 1);
    expect(await stock(a, other!.id)).toBe(1);

    await eventually(async () => (await stock(b)) === product!.stock - 1, 5000);
    await storeA.close();
    if (storeB !== storeA) await storeB.close();
  });

  // PostgreSQL only: SQLite runs one writer at a time, so a write cannot commit after a later one there.
  it.runIf(testDialect === "postgres")(
    "sees a stock write that commits after a later one: a log row written first but committed last is not passed over",
    async () => {
      const [storeA, storeB] = await makeStorePair();
      const a = await makeApp({ store: storeA, catalogVersionCheckMs: 3_600_000 });
      const check = () => a.deps.catalog.refresh(Date.now() + 3_600_001);
      const [late, early] = await storeA.raw<{ id: number; stock: number }>(
        "select id, stock from products where type = 'simple' and stock > 5 order by id",
      );
      const stock = async (id: number) =>
        ((await (await a.request(`http://shop.test/api/products/${id}`)).json()) as { data: Listed }).data
          .stock;
      expect(await stock(late!.id)).toBe(late!.stock);
      expect(await stock(early!.id)).toBe(early!.stock);
      await check();

      // Transaction 1 (another instance, an admin tool) writes `late`'s stock first and stays open; its
      // stock_log row takes the lower id.
      let commit!: () => void;
      const held = new Promise<void>((r) => (commit = r));
      let written!: () => void;
      const wrote = new Promise<void>((r) => (written = r));
      const first = storeB.tx(async () => {
        await storeB.rawRun("update products set stock = 2 where id = ?", [late!.id]);
        written();
        await held;
      });
      await wrote;
      // Transaction 2 writes `early`'s stock and commits at once: its row has the higher id.
      await storeA.rawRun("update products set stock = 3 where id = ?", [early!.id]);
      // A reads the log between the two commits: it sees transaction 2's row only.
      await check();
      expect(await stock(early!.id)).toBe(3);
      expect(await stock(late!.id)).toBe(late!.stock);
      const [ids] = await storeA.raw<{ late: string; early: string }>(
        `select (select max(id) from stock_log where product_id = ?)::text as late,
                (select max(id) from stock_log where product_id = ?)::text as early`,
        [late!.id, early!.id],
      );
      expect(ids).toEqual({ late: null, early: expect.any(String) });
      // Transaction 1 commits now. Read by id after the last row A saw, its row would never be read, and A
      // would show the old stock until the product changed again; read by transaction it is.
      commit();
      await first;
      await check();
      expect(await stock(late!.id)).toBe(2);
      const [order] = await storeA.raw<{ before: boolean }>(
        `select (select max(id) from stock_log where product_id = ?) <
                (select max(id) from stock_log where product_id = ?) as before`,
        [late!.id, early!.id],
      );
      expect(order!.before).toBe(true);
      await storeA.close();
      await storeB.close();
    },
  );

  it("shows an order's stock taken at once, and given back at once when it is cancelled, reading its items once to cancel", async () => {
    const app = await makeApp({ catalogVersionCheckMs: 3_600_000 });
    const { catalog, store } = app.deps;
    const [first, second] = await store.raw<{ id: number; stock: number }>(
      "select id, stock from products where type = 'simple' and stock > 5 order by id",
    );
    const stock = async (id: number) =>
      ((await (await app.request(`http://shop.test/api/products/${id}`)).json()) as { data: Listed }).data
        .stock;
    expect([await stock(first!.id), await stock(second!.id)]).toEqual([first!.stock, second!.stock]);
    const s = shopper(app);
    await s.post(`/api/checkout/cart/add/${first!.id}`, { quantity: 2 });
    await s.post(`/api/checkout/cart/add/${second!.id}`, { quantity: 1 });
    await s.post("/api/checkout/save-address", {
      billing: { ...CHECKOUT_ADDRESS, use_for_shipping: true },
      shipping: { address1: [""] },
    });
    await s.post("/api/checkout/save-shipping", { shipping_method: "flatrate_flatrate" });
    await s.post("/api/checkout/save-payment", { payment: { method: "cashondelivery" } });
    const touch = vi.spyOn(catalog, "touch");
    const readsItems = (sql: string) => /from "order_items"/.test(sql);

    let placed!: Awaited<ReturnType<typeof s.post>>;
    const placing = await statements(store, async () => (placed = await s.post("/api/checkout/save-order")));
    expect(placed.status).toBe(200);
    const orderId = (placed.json as { order: { id: number } }).order.id;
    const items = await store.raw<{ product_id: number }>(
      "select product_id from order_items where order_id = ? order by id",
      [orderId],
    );
    expect(items.map((i) => i.product_id)).toEqual([first!.id, second!.id]);
    // The order's products, as stored; its items are never read: the reply is what their insert answered.
    expect(touch.mock.calls.map(([ids]) => ids)).toEqual([[first!.id, second!.id]]);
    expect(placing.filter(readsItems)).toHaveLength(0);
    expect([await stock(first!.id), await stock(second!.id)]).toEqual([first!.stock - 2, second!.stock - 1]);

    touch.mockClear();
    let canceled!: Awaited<ReturnType<typeof s.post>>;
    const canceling = await statements(
      store,
      async () => (canceled = await s.post(`/api/orders/${orderId}/cancel`)),
    );
    expect(canceled.json).toEqual({ status: true, message: "Order canceled successfully." });
    expect(touch.mock.calls.map(([ids]) => ids)).toEqual([[first!.id, second!.id]]);
    expect(canceling.filter(readsItems)).toHaveLength(1);
    expect([await stock(first!.id), await stock(second!.id)]).toEqual([first!.stock, second!.stock]);
    touch.mockRestore();
  });

  it("reads a bestseller list's ids again after sale counts change", async () => {
    const app = await makeApp({ catalogVersionCheckMs: 3_600_000 });
    const { catalog, store } = app.deps;
    const query = productListQuerySchema.parse({ bestseller: "1" });
    const before = await catalog.search(query, 1, 3);
    const last = (await catalog.search(query, Math.ceil(before.total / 3), 3)).ids.at(-1)!;
    expect(before.ids[0]).not.toBe(last);
    await store.rawRun("update products set sale_count = 1000000 where id = ?", [last]);
    await catalog.refresh(Date.now() + 3_600_001);
    expect((await catalog.search(query, 1, 3)).ids[0]).toBe(last);
  });
});
