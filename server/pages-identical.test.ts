// Issue 36 item 4: the same public page (path, normalised query, language, currency, catalogue version)
// rendered by any instance is byte-identical, so its ETag is the same and any instance answers 304 to
// another's. Two instances on one database, each with the storefront's real renderer (the production build,
// rendering in its own worker thread, as `npm start` serves it).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "./app";
import type { Store } from "./db/store";
import { builtDist } from "./test-build";
import { makeApp, makeStorePair } from "./test-utils";

let stores: Store[] = [];
let a: App;
let b: App;
let productPath: string;

/** Until the instance says it is ready: its render threads have loaded and warmed the renderer. */
async function ready(app: App): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if ((await app.request("http://shop.test/readyz")).status === 200) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the instance never became ready");
}

beforeAll(async () => {
  const distDir = await builtDist();
  const [storeA, storeB] = await makeStorePair();
  stores = storeA === storeB ? [storeA] : [storeA, storeB];
  [a, b] = await Promise.all([
    makeApp({ store: storeA, distDir, renderThreads: 1 }),
    makeApp({ store: storeB, distDir, renderThreads: 1 }),
  ]);
  await Promise.all([ready(a), ready(b)]);
  const [product] = await storeA.raw<{ url_key: string }>("select url_key from products order by id limit 1");
  productPath = `/product/${product!.url_key}`;
}, 300_000);

afterAll(async () => {
  for (const store of stores) await store.close();
});

/** Where two pages first differ, with what is around it on each side; null when they are the same. */
function firstDifference(x: string, y: string): string | null {
  if (x === y) return null;
  let i = 0;
  while (i < x.length && x[i] === y[i]) i++;
  const around = (s: string) => JSON.stringify(s.slice(Math.max(0, i - 60), i + 60));
  return `from character ${i}: ${around(x)} against ${around(y)}`;
}

const page = (app: App, path: string, headers: Record<string, string> = {}) =>
  app.request(`http://shop.test${path}`, { headers: { "Accept-Encoding": "identity", ...headers } });

describe("a public page rendered by two instances (issue 36)", () => {
  it("has the same bytes and ETag on both, and either answers 304 to the other's ETag", async () => {
    const visits: { path: string; headers: Record<string, string> }[] = [
      { path: "/", headers: {} },
      { path: "/catalog/mountain-bikes", headers: {} },
      { path: "/catalog/mountain-bikes?sort=price&utm_source=mail", headers: { cookie: "lang=fr" } },
      { path: productPath, headers: {} },
      { path: productPath, headers: { cookie: "lang=de; currency=EUR" } },
      { path: "/", headers: { cookie: "currency=USD", "accept-language": "fr-FR,fr;q=0.9" } },
    ];
    for (const { path, headers } of visits) {
      // Both instances render it at the same moment, each on its own renderer.
      const [fromA, fromB] = await Promise.all([page(a, path, headers), page(b, path, headers)]);
      const [htmlA, htmlB] = await Promise.all([fromA.text(), fromB.text()]);
      const what = `${path} ${JSON.stringify(headers)}`;
      expect(fromA.status, what).toBe(200);
      expect(fromB.status, what).toBe(200);
      // Rendered (not the shell the server falls back to), and kept by the page cache (its ETag).
      expect(htmlA, what).toContain('id="server-state"');
      expect(fromA.headers.get("cache-control"), what).toMatch(/s-maxage/);
      expect(firstDifference(htmlA, htmlB), what).toBeNull();
      const etag = fromA.headers.get("etag");
      expect(etag, what).toMatch(/^"[\w-]+"$/);
      expect(fromB.headers.get("etag"), what).toBe(etag);
      // A cache holding A's copy revalidates with B (and the other way round): 304, no body.
      const [fromBAgain, fromAAgain] = await Promise.all([
        page(b, path, { ...headers, "If-None-Match": etag! }),
        page(a, path, { ...headers, "If-None-Match": fromB.headers.get("etag")! }),
      ]);
      expect(fromBAgain.status, what).toBe(304);
      expect(await fromBAgain.text(), what).toBe("");
      expect(fromAAgain.status, what).toBe(304);
    }
  }, 120_000);
});
