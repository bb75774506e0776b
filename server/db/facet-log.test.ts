import { describe, expect, it } from "vitest";
import { makeStore, testDialect } from "../test-utils";
import type { Store } from "./store";

/** The products the facet log (migration 0023) names past row `after`. */
async function logged(store: Store, after: number): Promise<(number | null)[]> {
  const rows = await store.raw<{ product_id: number | null }>(
    "select product_id from facet_log where id > ? order by id",
    [after],
  );
  return [...new Set(rows.map((r) => r.product_id))];
}

async function last(store: Store): Promise<number> {
  const [row] = await store.raw<{ id: number }>("select coalesce(max(id), 0) as id from facet_log");
  return Number(row!.id);
}

describe(`the facet log (migrations 0023, 0024, ${testDialect})`, () => {
  it("names the product of every write of a facet input, and of no other write", async () => {
    const store = await makeStore();
    const [variant] = await store.raw<{ id: number; product_id: number }>(
      "select id, product_id from product_variants where product_id = 5 order by id limit 1",
    );
    const [other] = await store.raw<{ id: number }>(
      "select id from categories where parent_id is not null and id not in (select category_id from product_categories where product_id = 6) order by id limit 1",
    );
    const writes: [string, number[], number[]][] = [
      // No facet (nor the name index) reads these: nothing logged.
      ["update products set stock = stock + 1, sale_count = sale_count + 1 where id = 4", [], []],
      ["update product_variants set stock = stock + 1, sku = sku || 'x' where id = ?", [variant!.id], []],
      ["update products set final_price = final_price where id = 4", [], []],
      // Facet inputs, and the name index's (migration 0024): the product is logged.
      ["update products set final_price = final_price + 1 where id = 4", [], [4]],
      ["update products set name = name || ' X' where id = 4", [], [4]],
      ["update products set created_at = '2020-01-01T00:00:00.000Z' where id = 4", [], [4]],
      ["update products set name = name where id = 4", [], []],
      ["update product_variants set size_option_id = size_option_id + 1 where id = ?", [variant!.id], [5]],
      ["update product_variants set product_id = 7 where id = ?", [variant!.id], [5, 7]],
      ["insert into product_categories (category_id, product_id) values (?, 6)", [other!.id], [6]],
      ["delete from product_tags where product_id = 8", [], [8]],
      ["delete from product_variants where product_id = 9", [], [9]],
    ];
    for (const [text, params, products] of writes) {
      const before = await last(store);
      await store.rawRun(text, params);
      expect(await logged(store, before), text).toEqual(products);
    }
    await store.close();
  });
});
