import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { pageCacheKey } from "./page-cache";
import { makeApp, standInDist } from "./test-utils";

/** A built storefront with a stand-in renderer that counts its renders and echoes what it was asked. */
function distWithRenderer(): string {
  return standInDist(
    `import { isMainThread } from "node:worker_threads";
let renders = 0;
let frames = 0;
let api;
export function configureRenderer(transport) { api = transport; }
export async function renderPage(url, origin) {
  if (url.startsWith("/cart")) return { personal: true, html: "", head: "", handoff: "", status: 200 };
  if (url.startsWith("/wishlist")) return { personal: true, html: "<h1>frame " + (++frames) + "</h1>", head: "", handoff: "", status: 200 };
  renders++;
  if (url.startsWith("/slow")) await new Promise((r) => setTimeout(r, 2000));
  const categories = url.startsWith("/api-check") ? (await (await api("/api/categories", {})).json()).data.length : 0;
  const complete = !url.startsWith("/degraded");
  return { complete, html: "<h1>render " + renders + " of " + url + " for " + origin + " on " + (isMainThread ? "main" : "worker") + " categories " + categories + "</h1>", head: "", handoff: "", status: url.startsWith("/nope") ? 404 : 200 };
}`,
    `<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>`,
  );
}

describe("server-rendered pages are cached (issue 14)", () => {
  it("renders a page once per catalogue version, with an ETag, CDN headers and 304s", async () => {
    const app = await makeApp({ distDir: distWithRenderer() });
    const first = await app.request("http://shop.test/product/cub-balance-12");
    const body = await first.text();
    expect(body).toContain("render 1 of /product/cub-balance-12");
    expect(first.headers.get("cache-control")).toBe(
      "public, max-age=0, s-maxage=60, stale-while-revalidate=600",
    );
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const second = await app.request("http://shop.test/product/cub-balance-12");
    expect(await second.text()).toBe(body);
    expect(second.headers.get("etag")).toBe(etag);
    const conditional = await app.request("http://shop.test/product/cub-balance-12", {
      headers: { "If-None-Match": etag },
    });
    expect(conditional.status).toBe(304);
    expect(await conditional.text()).toBe("");
    // A catalogue change (stock, after an order) makes the kept pages stale.
    app.deps.catalog.touch();
    const fresh = await (await app.request("http://shop.test/product/cub-balance-12")).text();
    expect(fresh).toContain("render 2 of");
  });

  it("normalises the query: order, empty and campaign parameters do not make a new page", async () => {
    const app = await makeApp({ distDir: distWithRenderer() });
    const a = await (await app.request("http://shop.test/catalog/road-bikes?sort=price&page=2")).text();
    const b = await (
      await app.request("http://shop.test/catalog/road-bikes?page=2&utm_source=mail&sort=price&x=")
    ).text();
    expect(b).toBe(a);
    expect(a).toContain("of /catalog/road-bikes?page=2&sort=price for");
    const c = await (await app.request("http://shop.test/catalog/road-bikes?page=3&sort=price")).text();
    expect(c).not.toBe(a);
    expect(pageCacheKey(new URL("http://s/p?b=2&a=1&fbclid=z"), "https://shop.example")).toBe(
      pageCacheKey(new URL("http://s/p?a=1&b=2"), "https://shop.example"),
    );
  });

  it("answers a page rendered without some of its data, but never keeps it: the next shopper gets a new render", async () => {
    const app = await makeApp({ distDir: distWithRenderer() });
    const first = await app.request("http://shop.test/degraded/catalog", {
      headers: { "Accept-Encoding": "gzip" },
    });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect(first.headers.get("etag")).toBeNull();
    expect(gunzipSync(Buffer.from(await first.arrayBuffer())).toString()).toContain(
      "render 1 of /degraded/catalog",
    );
    const second = await (await app.request("http://shop.test/degraded/catalog")).text();
    expect(second).toContain("render 2 of /degraded/catalog");
  });

  it("serves personal pages, as their routes declare, as the shell with private, no-store", async () => {
    const app = await makeApp({ distDir: distWithRenderer() });
    const cart = await app.request("http://shop.test/cart");
    expect(cart.status).toBe(200);
    expect(cart.headers.get("cache-control")).toBe("private, no-store");
    expect(cart.headers.get("etag")).toBeNull();
    expect(await cart.text()).toContain('<div id="root"></div>');
  });

  it("serves a personal page's frame private, no-store, compressed, rendered for each request and never kept", async () => {
    const app = await makeApp({ distDir: distWithRenderer() });
    const first = await app.request("http://shop.test/wishlist");
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect(first.headers.get("etag")).toBeNull();
    expect(await first.text()).toContain('<div id="root"><h1>frame 1</h1></div>');
    const again = await app.request("http://shop.test/wishlist", {
      headers: { "Accept-Encoding": "gzip", "If-None-Match": "*" },
    });
    expect(again.status).toBe(200);
    expect(again.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await again.arrayBuffer())).toString()).toContain("<h1>frame 2</h1>");
  });

  it("never keeps the Host header in a cached page when PUBLIC_ORIGIN is set", async () => {
    const app = await makeApp({ distDir: distWithRenderer(), publicOrigin: "https://shop.example" });
    const evil = await (await app.request("http://evil.example/page/about-us")).text();
    expect(evil).toContain("for https://shop.example");
    const normal = await (await app.request("http://shop.example/page/about-us")).text();
    expect(normal).toBe(evil);
    expect(normal).not.toContain("evil.example");
  });

  it("renders in a worker thread whose API calls the main thread answers, and sheds a flood to the shell", async () => {
    const app = await makeApp({ distDir: distWithRenderer(), renderThreads: 1 });
    const page = await (await app.request("http://shop.test/api-check")).text();
    expect(page).toContain("on worker categories 7");
    const inProcess = await makeApp({ distDir: distWithRenderer(), renderThreads: 0 });
    expect(await (await inProcess.request("http://shop.test/x")).text()).toContain("on main");
    // One thread, eight waiting: of twenty slow unique pages at once, the rest get the shell at once.
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        Promise.resolve(app.request(`http://shop.test/slow-${i}`)).then((r) => r.text()),
      ),
    );
    const shells = replies.filter((html) => html.includes('<div id="root"></div>')).length;
    expect(shells).toBeGreaterThanOrEqual(10);
    expect(replies.length - shells).toBeGreaterThanOrEqual(1);
  }, 30_000);
});
