import { describe, expect, it, vi } from "vitest";
import type { App } from "./app";
import type { Store } from "./db/store";
import { COLORS, SIZES } from "./reference/attributes";
import { makeApp, makeStorePair, testDialect } from "./test-utils";

/**
 * Issue 36 item 5, decision 052: facet counts move by the edited products (the facet log, migration 0023),
 * on every instance of one database, and equal a scan of the database once the edit is seen.
 */

interface Facets {
  color: Record<number, number>;
  size: Record<number, number>;
  tag: Record<string, number>;
  price: { min: number; max: number };
}

/** The counts a scan of the database answers now (the queries the server ran before decision 052). */
async function scanned(store: Store, categoryId: number | null): Promise<Facets> {
  const inCat =
    categoryId === null
      ? ""
      : `where product_id in (select product_id from product_categories where category_id = ${categoryId})`;
  const byOption = async (column: string) =>
    Object.fromEntries(
      (
        await store.raw<{ id: number; n: number }>(
          `select ${column} as id, count(distinct product_id) as n from product_variants ${inCat} group by ${column}`,
        )
      ).map((r) => [Number(r.id), Number(r.n)]),
    );
  const tags = await store.raw<{ tag: string; n: number }>(
    `select tag, count(*) as n from product_tags ${inCat} group by tag`,
  );
  const [price] = await store.raw<{ min: number | null; max: number | null }>(
    `select min(final_price) as min, max(final_price) as max from products ${inCat.replace("product_id in", "id in")}`,
  );
  return {
    color: await byOption("color_option_id"),
    size: await byOption("size_option_id"),
    tag: Object.fromEntries(tags.map((t) => [t.tag, Number(t.n)])),
    price: { min: Number(price?.min ?? 0), max: Number(price?.max ?? 0) },
  };
}

interface FacetReply {
  data: { code: string; options: { id: number; admin_name: string; count: number }[] }[];
  price_range: { min: number; max: number };
}

/** The reply's counts in the same shape (options the reply counts as none left out, as a scan names none). */
function shown(reply: FacetReply): Facets {
  const counts = (code: string, key: (o: { id: number; admin_name: string }) => string | number) =>
    Object.fromEntries(
      reply.data
        .find((a) => a.code === code)!
        .options.filter((o) => o.count > 0)
        .map((o) => [key(o), o.count]),
    );
  return {
    color: counts("color", (o) => o.id),
    size: counts("size", (o) => o.id),
    tag: counts("tag", (o) => o.admin_name),
    price: reply.price_range,
  };
}

/** A scan's counts of the options the panel offers (the reference colours, sizes and tags). */
function offered(scan: Facets): Facets {
  const only = <K extends string | number>(all: Record<K, number>, ids: K[]) =>
    Object.fromEntries(ids.filter((id) => all[id] !== undefined).map((id) => [id, all[id]!])) as Record<
      K,
      number
    >;
  return {
    color: only(
      scan.color,
      COLORS.map((c) => c.id),
    ),
    size: only(
      scan.size,
      SIZES.map((c) => c.id),
    ),
    tag: only(scan.tag, ["Kids", "Men", "Women"]),
    price: scan.price,
  };
}

describe(`facet counts after a catalogue change (${testDialect})`, () => {
  it("two instances move their counts by the edited products, equal to a scan, with no scan on the request path", async () => {
    const [storeA, storeB] = await makeStorePair();
    const a = await makeApp({ store: storeA });
    const b = await makeApp({ store: storeB });
    const apps: App[] = [a, b];
    const categories = await storeA.raw<{ id: number; slug: string; parent_id: number | null }>(
      "select id, slug, parent_id from categories where parent_id is not null order by id",
    );
    const paths = ["/api/getattributes", ...categories.map((c) => `/api/getattributes?cat_slug=${c.slug}`)];
    const ask = async (app: App, path: string) => {
      const res = await app.request(`http://shop.test${path}`);
      expect(res.status, path).toBe(200);
      return shown((await res.json()) as FacetReply);
    };
    const expectScanned = async () => {
      for (const app of apps)
        for (const [i, path] of paths.entries()) {
          const cat = i === 0 ? null : categories[i - 1]!.id;
          const scan = await scanned(storeA, cat);
          const reply = await ask(app, path);
          expect(reply, path).toEqual(offered(scan));
          expect(Object.keys(reply.color).length, path).toBeGreaterThan(0);
        }
    };
    await expectScanned();
    const stats = () => apps.map((app) => ({ ...app.deps.catalog.facetStats }));
    const warm = stats();
    // One scan per instance, at its first ask.
    expect(warm.map((s) => s.scans)).toEqual([1, 1]);

    // Edits as an admin tool makes them, in one transaction: product 1 gets a new top price, another
    // colour on a variant, another category and tag; product 2's variants go; product 3 leaves its categories; the cheapest
    // product gets dearer.
    const [other] = await storeA.raw<{ id: number }>(
      "select id from categories where parent_id is not null and id not in (select category_id from product_categories where product_id = 1) order by id limit 1",
    );
    const [colour] = await storeA.raw<{ id: number }>(
      "select color_option_id as id from product_variants where color_option_id not in (select color_option_id from product_variants where product_id = 1) limit 1",
    );
    await storeA.tx(async () => {
      await storeA.rawRun("update products set final_price = 999999, name = 'Edited' where id = 1");
      await storeA.rawRun(
        "update product_variants set color_option_id = ? where id = (select min(id) from product_variants where product_id = 1)",
        [colour!.id],
      );
      await storeA.rawRun("insert into product_categories (category_id, product_id) values (?, 1)", [
        other!.id,
      ]);
      await storeA.rawRun("delete from product_tags where product_id = 1");
      await storeA.rawRun("insert into product_tags (tag, product_id) values ('Kids', 1)");
      await storeA.rawRun("delete from product_variants where product_id = 2");
      await storeA.rawRun("delete from product_categories where product_id = 3");
      // The cheapest product is the whole catalogue's lower end: it leaves it (the range is found again).
      await storeA.rawRun(
        "update products set final_price = final_price + 500000 where id = (select id from products where id > 3 order by final_price, id limit 1)",
      );
    });
    // Each instance sees the change at its next version check.
    for (const app of apps) await app.deps.catalog.refresh(Date.now() + 60_000);

    // 100 requests at once, spread over both instances and every category.
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) => ask(apps[i % 2]!, paths[i % paths.length]!)),
    );
    expect(replies).toHaveLength(100);
    await expectScanned();
    expect((await ask(a, "/api/getattributes")).price.max).toBe(999999);
    // No instance scanned again: each read the four edited products' inputs once.
    expect(stats().map((s) => s.scans)).toEqual(warm.map((s) => s.scans));
    expect(stats().map((s, i) => s.products - warm[i]!.products)).toEqual([4, 4]);
    await storeA.close();
    if (storeB !== storeA) await storeB.close();
  }, 60_000);

  it("after a quiet hour (longer than the log keeps rows) an edit still reads only the edited product", async () => {
    const app = await makeApp();
    const store = app.deps.store;
    const catalog = app.deps.catalog;
    const ask = async () =>
      shown((await (await app.request("http://shop.test/api/getattributes")).json()) as FacetReply);
    await ask();
    const warm = { ...catalog.facetStats };
    // An hour and more passes with requests (each version check sees nothing new), then a price is edited.
    const start = Date.now();
    const clock = vi.spyOn(Date, "now");
    try {
      for (const minutes of [20, 40, 60, 80]) {
        clock.mockReturnValue(start + minutes * 60_000);
        await catalog.refresh(Infinity);
      }
      await store.rawRun("update products set final_price = 777777 where id = 2");
      clock.mockReturnValue(start + 81 * 60_000);
      await catalog.refresh(Infinity);
      expect((await ask()).price.max).toBe(777777);
    } finally {
      clock.mockRestore();
    }
    expect(catalog.facetStats).toEqual({ scans: warm.scans, products: warm.products + 1 });
    await store.close();
  });
});
