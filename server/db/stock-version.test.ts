import { describe, expect, it } from "vitest";
import { makeStore, testDialect } from "../test-utils";
import { STOCK_COLUMNS } from "./migrations/0012-stock-version";
import { BOOKKEEPING_COLUMNS } from "./migrations/0015-stock-writes-lock-their-rows";
import type { Store } from "./store";

async function versions(store: Store) {
  const [row] = await store.raw<{ version: number; list_version: number }>(
    "select version, list_version from catalog_version where id = 1",
  );
  const [log] = await store.raw<{ n: number }>("select count(*) as n from stock_log");
  return { catalog: Number(row!.version), list: Number(row!.list_version), logged: Number(log!.n) };
}

const stockRev = async (store: Store, id: number) =>
  Number((await store.raw<{ r: number }>("select stock_rev as r from products where id = ?", [id]))[0]!.r);

async function columns(store: Store, table: string): Promise<string[]> {
  const rows =
    testDialect === "postgres"
      ? await store.raw<{ name: string }>(
          "select column_name as name from information_schema.columns where table_name = ? and table_schema = current_schema()",
          [table],
        )
      : await store.raw<{ name: string }>(`select name from pragma_table_info('${table}')`);
  return rows.map((r) => r.name).sort();
}

describe("catalogue versions and the stock log (migrations 0012, 0015)", () => {
  it("name every column of products and variants: a stock column logs the product and moves its revision, any other the list version", async () => {
    const store = await makeStore();
    for (const [table, { key, stock, others }] of Object.entries(STOCK_COLUMNS)) {
      // A column added to either table later must be added to its list trigger (or to its stock columns).
      expect(await columns(store, table)).toEqual(
        [...stock, ...others, ...BOOKKEEPING_COLUMNS[table]!].sort(),
      );
      const [row] = await store.raw<{ id: number; product_id: number }>(
        `select id, ${key} as product_id from ${table} order by id limit 1`,
      );
      for (const column of others) {
        const before = await versions(store);
        const rev = await stockRev(store, row!.product_id);
        await store.rawRun(`update ${table} set ${column} = ${column} where id = ?`, [row!.id]);
        const after = await versions(store);
        expect({ list: after.list, logged: after.logged }, `${table}.${column}`).toEqual({
          list: before.list + 1,
          logged: before.logged,
        });
        expect(after.catalog, `${table}.${column}`).toBeGreaterThan(before.catalog);
        expect(await stockRev(store, row!.product_id)).toBe(rev);
      }
      for (const column of stock) {
        const before = await versions(store);
        const rev = await stockRev(store, row!.product_id);
        const [last] = await store.raw<{ id: number }>("select coalesce(max(id), 0) as id from stock_log");
        await store.rawRun(`update ${table} set ${column} = ${column} + 1 where id = ?`, [row!.id]);
        const after = await versions(store);
        // On PostgreSQL a stock write takes no shared row: the catalogue version stays (SQLite's moves).
        expect(after.list, `${table}.${column}`).toBe(before.list);
        if (testDialect === "postgres") expect(after.catalog, `${table}.${column}`).toBe(before.catalog);
        expect(await stockRev(store, row!.product_id)).toBe(rev + 1);
        const logged = await store.raw<{ product_id: number }>(
          "select product_id from stock_log where id > ?",
          [Number(last!.id)],
        );
        expect(logged.map((r) => r.product_id)).toEqual([row!.product_id]);
      }
    }
    await store.close();
  });

  it("log each written product, and count rows added or removed as list changes", async () => {
    const store = await makeStore();
    const before = await versions(store);
    const ids = (await store.raw<{ id: number }>("select id from products order by id limit 3")).map(
      (r) => r.id,
    );
    await store.rawRun(`update products set stock = stock + 1 where id in (${ids.join(", ")})`);
    const after = await versions(store);
    expect({ list: after.list, logged: after.logged }).toEqual({
      list: before.list,
      logged: before.logged + 3,
    });
    const logged = await store.raw<{ product_id: number }>(
      "select product_id from stock_log order by id desc limit 3",
    );
    expect(logged.map((r) => r.product_id).sort((a, b) => a - b)).toEqual(ids);

    await store.rawRun("delete from product_variants where id = (select min(id) from product_variants)");
    expect((await versions(store)).list).toBe(after.list + 1);
    await store.rawRun("update categories set name = name where id = 2");
    expect((await versions(store)).list).toBe(after.list + 2);
    await store.close();
  });
});

describe("reviews and the list version (migration 0013)", () => {
  it("a review waiting for approval moves nothing; approving, changing or removing an approved one does", async () => {
    const store = await makeStore();
    const list = async () => (await versions(store)).list;
    const before = await list();
    const now = new Date().toISOString();
    await store.rawRun(
      "insert into reviews (product_id, customer_id, name, title, comment, rating, status, created_at, updated_at) values (1, null, 'Ann', 'Fine', 'Rides well', 5, 'pending', ?, ?)",
      [now, now],
    );
    await store.rawRun("update reviews set comment = 'Rides very well' where status = 'pending'");
    expect(await list()).toBe(before);
    await store.rawRun("update reviews set status = 'approved' where status = 'pending'");
    expect(await list()).toBe(before + 1);
    await store.rawRun("update reviews set title = 'Great' where name = 'Ann'");
    expect(await list()).toBe(before + 2);
    await store.rawRun("delete from reviews where name = 'Ann'");
    expect(await list()).toBe(before + 3);
    await store.close();
  });
});
