import { describe, expect, it } from "vitest";
import type { Compiled, Param, Store } from "./db/store";
import { Catalog } from "./services/catalog/catalog";
import { Picked } from "./services/catalog/name-index";
import { makeApp, makeStore, testDialect } from "./test-utils";

/**
 * Issue 38 item 4, decision 058: a search by name alone, in the default order, is answered from each
 * instance's name index, and answers exactly what a scan of every name in the database would: the same
 * products, the same total, the same order, page by page, in both directions. Edits made anywhere (here in
 * SQL, as an admin tool or another instance would) are followed product by product, from the facet log.
 */
describe(`the name index (${testDialect})`, () => {
  const TERMS = ["trail", "TRAIL", "idgeli", "Fat ", "pro x", "zzq", "ridge", "line", "%tr", "t_ail", "r 2"];

  /** What a scan of the database's names answers: every match in the list's order (newest first, or not). */
  async function scan(store: Store, term: string, desc: boolean): Promise<number[]> {
    const rows = await store.raw<{ id: number; name: string; created_at: string }>(
      "select id, name, created_at from products",
    );
    const order = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
      a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : Number(a.id) - Number(b.id);
    return rows
      .filter((r) => r.name.toLowerCase().includes(term.toLowerCase()))
      .sort((a, b) => (desc ? order(b, a) : order(a, b)))
      .map((r) => Number(r.id));
  }

  /** Every page of every term, both ways, against the scan. */
  async function expectScanned(catalog: Catalog, store: Store, terms = TERMS): Promise<void> {
    for (const term of terms)
      for (const desc of [true, false]) {
        const expected = await scan(store, term, desc);
        const q = desc ? { search: term } : { search: term, order: "asc" as const };
        for (let page = 1; page <= Math.max(1, Math.ceil(expected.length / 4) + 1); page++)
          expect(await catalog.search(q, page, 4), `${term} ${desc ? "desc" : "asc"} ${page}`).toEqual({
            ids: expected.slice((page - 1) * 4, page * 4),
            total: expected.length,
          });
      }
  }

  /** The statements the store runs while `run` runs. */
  async function statements(store: Store, run: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const target = store as unknown as { exec: (c: Compiled, mode: string) => Promise<unknown> };
    const exec = target.exec.bind(store);
    target.exec = (c, mode) => {
      seen.push(c.sql);
      return exec(c, mode);
    };
    try {
      await run();
    } finally {
      target.exec = exec;
    }
    return seen;
  }

  async function catalogOf(store: Store): Promise<Catalog> {
    const catalog = new Catalog(store, 0, 0);
    await catalog.reloadCategories();
    await catalog.refresh();
    await catalog.warmNameIndex();
    return catalog;
  }

  /** A copy of product `from` with a new id and the given columns, inserted in SQL. */
  async function copyProduct(store: Store, from: number, set: Record<string, Param>): Promise<number> {
    const [row] = await store.raw<Record<string, Param>>("select * from products where id = ?", [from]);
    const [{ id }] = (await store.raw<{ id: number }>("select max(id) + 1 as id from products")) as [
      { id: number },
    ];
    const values: Record<string, Param> = {
      ...row,
      ...set,
      id: Number(id),
      url_key: `copy-${id}`,
      sku: `COPY-${id}`,
    };
    const columns = Object.keys(values);
    await store.rawRun(
      `insert into products (${columns.map((c) => `"${c}"`).join(", ")}) values (${columns.map(() => "?").join(", ")})`,
      columns.map((c) => values[c] ?? null),
    );
    return Number(id);
  }

  it("answers every page of a term as a scan of every name would, with no statement once built", async () => {
    const store = await makeStore();
    await makeApp({ store });
    const catalog = await catalogOf(store);
    await expectScanned(catalog, store);
    expect(catalog.nameIndexStats).toEqual({ builds: 1, products: 0 });
    // Built: a new term, however common, is counted and paged without asking the database.
    const ran = await statements(store, () => catalog.search({ search: "ail" }, 1, 12));
    expect(ran).toEqual([]);
    // Short terms and other characters are the database's, with the same meaning.
    const short = await statements(store, () => catalog.search({ search: "Mk" }, 1, 12));
    expect(short.some((x) => /count\(/i.test(x))).toBe(true);
    await store.close();
  });

  it("follows renames, new, removed and re-dated products, product by product", async () => {
    const store = await makeStore();
    await makeApp({ store });
    const catalog = await catalogOf(store);
    await expectScanned(catalog, store, ["trail", "quokka"]);
    const seen = async () => {
      // The instance's next version check sees the change (as any request would make it).
      await catalog.refresh();
      await expectScanned(catalog, store, ["trail", "ridge", "quokka", "kka gra", "line"]);
    };
    const [trail] = (await scan(store, "trail", true)) as [number];
    await store.rawRun("update products set name = 'Quokka Gravel' where id = ?", [trail]);
    await seen();
    // The oldest product becomes the newest: its place in the order moves.
    const [oldest] = (await scan(store, "", false)) as [number];
    await store.rawRun("update products set created_at = '2099-01-01T00:00:00.000Z' where id = ?", [oldest]);
    await seen();
    // A new product, newest of all; then one dated before every other.
    await copyProduct(store, 1, { name: "Quokka Gravel Two", created_at: "2099-06-01T00:00:00.000Z" });
    await seen();
    const old = await copyProduct(store, 2, {
      name: "Ridgeline Quokka",
      created_at: "2000-01-01T00:00:00.000Z",
    });
    await seen();
    // Removed (its rows in other tables first).
    for (const table of ["product_variants", "product_categories", "product_tags"])
      await store.rawRun(`delete from ${table} where product_id = ?`, [old]);
    await store.rawRun("delete from products where id = ?", [old]);
    await seen();
    // A price: the facet log names the product, and nothing the index holds moves.
    await store.rawRun("update products set final_price = final_price + 1 where id = ?", [trail]);
    await seen();
    // Every change was read product by product, never the whole catalogue again.
    expect(catalog.nameIndexStats?.builds).toBe(1);
    expect(catalog.nameIndexStats?.products).toBeGreaterThanOrEqual(5);
    await store.close();
  });

  it("answers from the database until it is built, and builds again after a change too large to patch", async () => {
    const store = await makeStore();
    await makeApp({ store });
    const catalog = new Catalog(store, 0, 0);
    await catalog.reloadCategories();
    await catalog.refresh();
    const counted = (ran: string[]) => ran.some((x) => /count\(/i.test(x));
    // Not built: the first search is counted by the database, and starts the build.
    expect(counted(await statements(store, () => catalog.search({ search: "trail" }, 1, 4)))).toBe(true);
    await catalog.warmNameIndex();
    expect(catalog.nameIndexStats?.builds).toBe(1);
    expect(counted(await statements(store, () => catalog.search({ search: "trail" }, 1, 4)))).toBe(false);
    // 300 new products at once: more than are patched one by one.
    for (let i = 0; i < 300; i++) await copyProduct(store, 1 + (i % 40), { name: `Bulk Trail ${i}` });
    await catalog.refresh();
    // The next search finds the log too long and starts the build (the database answers until it is done).
    await catalog.search({ search: "bulk tr" }, 1, 4);
    await catalog.warmNameIndex();
    expect(catalog.nameIndexStats?.builds).toBe(2);
    await expectScanned(catalog, store, ["bulk tr", "trail", "l 29", "ail 1"]);
    expect(counted(await statements(store, () => catalog.search({ search: "ail 2" }, 1, 4)))).toBe(false);
    await store.close();
  });

  it("picks a page's ranks as a sort of every match would, in both orders, shallow and deep", () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 50; round++) {
      const ranks = Array.from({ length: Math.floor(random() * 600) }, () => Math.floor(random() * 1e6));
      const unique = [...new Set(ranks)];
      for (const desc of [true, false])
        for (const want of [1, 12, 256, 0]) {
          const picked = new Picked(want, desc);
          for (const r of unique) picked.add(r);
          const sorted = [...unique].sort((a, b) => (desc ? b - a : a - b));
          expect([...picked.ranks()], `${round} ${desc} ${want}`).toEqual(
            want ? sorted.slice(0, want) : sorted,
          );
        }
    }
  });
});
