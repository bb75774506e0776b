import { describe, expect, it } from "vitest";
import type { App } from "./app";
import type { Compiled, Store } from "./db/store";
import { makeApp, makeStorePair, testDialect } from "./test-utils";

/**
 * Issue 36 item 5: a catalogue change does not make every concurrent request scan the catalogue again. An
 * edit that writes no facet input (a name) makes no instance read the facet inputs again (decision 052;
 * `server/facet-counts.test.ts` has edits that do), and requests that miss the same list or count at once
 * share one query (single-flight).
 */

/** Counts the statements a store runs whose SQL matches `pattern`. */
function countQueries(store: Store, pattern: RegExp): { readonly n: number } {
  const counter = { n: 0 };
  const exec = (store as unknown as { exec: (c: Compiled, mode: string) => Promise<unknown> }).exec.bind(
    store,
  );
  (store as unknown as { exec: (c: Compiled, mode: string) => Promise<unknown> }).exec = (c, mode) => {
    if (pattern.test(c.sql)) counter.n++;
    return exec(c, mode);
  };
  return counter;
}

async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; !(await check()); i++) {
    if (i > 200) throw new Error("the change did not show");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe(`cache fills after a catalogue change (${testDialect})`, () => {
  it("reads only the edited product's facet inputs again, never the catalogue's, when 100 requests arrive right after a product's name is edited", async () => {
    const [storeA, storeB] = await makeStorePair();
    const a = await makeApp({ store: storeA });
    const b = await makeApp({ store: storeB });
    const apps: App[] = [a, b];
    const facets = "/api/getattributes?cat_slug=mountain-bikes";
    for (const app of apps) {
      expect((await app.request(`http://shop.test${facets}`)).status).toBe(200);
      expect((await app.request("http://shop.test/api/products?limit=100")).status).toBe(200);
    }
    const before = await (await a.request(`http://shop.test${facets}`)).json();

    // A read of every product's variants (not of some products' by id).
    const whole = /^(?![\s\S]*where product_id in)[\s\S]*color_option_id/;
    const scansA = countQueries(storeA, whole);
    const scansB = storeB === storeA ? scansA : countQueries(storeB, whole);
    const stats = () => apps.map((app) => ({ ...app.deps.catalog.facetStats }));
    const warm = stats();
    // An edit, as an admin tool would make it: every instance sees it within its version check.
    await storeA.rawRun("update products set name = ? where id = 1", ["Edited by SQL"]);
    // Seen once a kept list reply (dropped by the instance's version check) shows the new name.
    for (const app of apps)
      await eventually(async () =>
        (await (await app.request("http://shop.test/api/products?limit=100")).text()).includes(
          "Edited by SQL",
        ),
      );
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        Promise.resolve(apps[i % 2]!.request(`http://shop.test${facets}`)),
      ),
    );
    for (const r of replies) expect(r.status).toBe(200);
    expect(await replies[0]!.json()).toEqual(before);
    // No scan of the variants (5cc92a2 ran 100, the single-flight fills of before decision 052 one per
    // instance): the facet log names the renamed product (for the name index, decision 058), whose inputs
    // each instance reads again, once.
    expect(scansA.n + (scansB === scansA ? 0 : scansB.n)).toBe(0);
    expect(stats()).toEqual(warm.map((s) => ({ scans: s.scans, products: s.products + 1 })));
    await storeA.close();
    if (storeB !== storeA) await storeB.close();
  }, 60_000);

  it("runs one count and one id list for many concurrent requests of the same new filter set", async () => {
    const app = await makeApp();
    const store = app.deps.store;
    const lists = countQueries(store, /^select\b.*\bfrom "products" as "p"/is);
    const url = "http://shop.test/api/products?cat_slug=road-bikes&color=red&sort=price&order=asc&limit=6";
    const replies = await Promise.all(Array.from({ length: 30 }, () => Promise.resolve(app.request(url))));
    const bodies = await Promise.all(replies.map((r) => r.text()));
    expect(new Set(bodies).size).toBe(1);
    expect(lists.n).toBeLessThanOrEqual(2);
  });
});
