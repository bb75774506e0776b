import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SITEMAP_PRODUCTS_PER_FILE } from "./sitemap";
import { makeApp, testDialect } from "./test-utils";

const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

describe(`sitemaps for search engines (issue 38, ${testDialect})`, () => {
  it("index the shop's pages and every product under the public origin, and leave the personal pages out", async () => {
    const app = await makeApp({ publicOrigin: "https://shop.example" });
    const store = app.deps.store;
    const index = await app.request("http://10.0.0.7/sitemap.xml");
    expect(index.status).toBe(200);
    expect(index.headers.get("content-type")).toMatch(/^application\/xml/);
    const files = locs(await index.text());
    expect(files).toEqual([
      "https://shop.example/sitemap-pages.xml",
      "https://shop.example/sitemap-products.xml?part=1",
    ]);

    const pages = locs(await (await app.request("http://10.0.0.7/sitemap-pages.xml")).text());
    expect(pages[0]).toBe("https://shop.example/");
    expect(pages).toContain("https://shop.example/catalog/mountain-bikes");
    const [page] = await store.raw<{ url_key: string }>("select url_key from pages limit 1");
    expect(pages).toContain(`https://shop.example/page/${page!.url_key}`);
    const [post] = await store.raw<{ slug: string }>("select slug from blog_posts limit 1");
    expect(pages).toContain(`https://shop.example/blog-details-standard?slug=${post!.slug}`);
    expect(pages.some((u) => /my-account|checkout|cart|home-/.test(u))).toBe(false);

    // Each address names the same page in every language.
    const pagesXml = await (await app.request("http://10.0.0.7/sitemap-pages.xml")).text();
    expect(pagesXml).toContain(
      '<url><loc>https://shop.example/catalog/mountain-bikes</loc><xhtml:link rel="alternate" hreflang="en" href="https://shop.example/catalog/mountain-bikes?lang=en"/>',
    );
    expect(pagesXml).toContain('hreflang="de" href="https://shop.example/blog-details-standard?slug=');
    const products = locs(await (await app.request("http://10.0.0.7/sitemap-products.xml?part=1")).text());
    const all = await store.raw<{ url_key: string }>("select url_key from products order by id");
    expect(products).toEqual(all.map((p) => `https://shop.example/product/${encodeURIComponent(p.url_key)}`));
    expect(all.length).toBeLessThan(SITEMAP_PRODUCTS_PER_FILE);
    expect((await app.request("http://10.0.0.7/sitemap-products.xml?part=2")).status).toBe(404);
    expect((await app.request("http://10.0.0.7/sitemap-products.xml?part=x")).status).toBe(404);
  });

  it("names the sitemap in the build's robots.txt, with its absolute address", async () => {
    const dist = mkdtempSync(join(tmpdir(), "dist-"));
    writeFileSync(
      join(dist, "index.html"),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(dist, "robots.txt"), "User-agent: *\nDisallow: /checkout");
    const app = await makeApp({ distDir: dist, publicOrigin: "https://shop.example" });
    const robots = await app.request("http://10.0.0.7/robots.txt");
    expect(robots.status).toBe(200);
    expect(await robots.text()).toBe(
      "User-agent: *\nDisallow: /checkout\nSitemap: https://shop.example/sitemap.xml\n",
    );
  });
});
