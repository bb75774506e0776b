import { Hono } from "hono";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { AppEnv } from "./lib/context";
import type { Store } from "./db/store";
import { escapeHtml } from "./lib/html";
import { LOCALE_PARAM, LOCALES } from "../src/i18n/locale";
import { pageEntries, productCount, productUrlKeys } from "./services/sitemap-entries";

/** Products listed per sitemap file (the protocol allows 50,000 addresses and 50 MB per file). */
export const SITEMAP_PRODUCTS_PER_FILE = 20_000;

const XML = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

/** `url` in one language (`?lang=`, see src/i18n/locale.ts). */
function inLanguage(url: string, lang: string): string {
  const u = new URL(url);
  u.searchParams.set(LOCALE_PARAM, lang);
  return u.href;
}

/** Each address with the same page in every language (`hreflang`), as search engines read them. */
const urlset = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls
    .map((u) => {
      const alternates = [...LOCALES.map((l) => [l, inLanguage(u, l)]), ["x-default", u]]
        .map(([l, href]) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeHtml(href!)}"/>`)
        .join("");
      return `<url><loc>${escapeHtml(u)}</loc>${alternates}</url>`;
    })
    .join("\n")}\n</urlset>\n`;

/**
 * The sitemaps search engines read (issue 38): `/sitemap.xml`, an index of `/sitemap-pages.xml` (the home
 * page, every shown category, content page and blog post) and `/sitemap-products.xml?part=N` (every product,
 * `SITEMAP_PRODUCTS_PER_FILE` a file). Addresses under `publicOrigin` (PUBLIC_ORIGIN), else the request's. The
 * personal pages robots.txt keeps crawlers out of (account, checkout, cart) are not listed, nor the template
 * variants of the home page (canonical to `/`).
 */
export function sitemapRoutes(store: Store, publicOrigin: string, distDir?: string) {
  const r = new Hono<AppEnv>();
  const origin = (url: string) => publicOrigin || new URL(url).origin;

  // The build's robots.txt, with the sitemap's absolute address (the protocol wants one) added.
  let robots: string | null = null;
  try {
    robots = distDir ? readFileSync(join(distDir, "robots.txt"), "utf8") : null;
  } catch {
    robots = null;
  }
  if (robots !== null) {
    const text = robots.endsWith("\n") ? robots : `${robots}\n`;
    r.get("/robots.txt", (c) =>
      c.body(Buffer.from(`${text}Sitemap: ${origin(c.req.url)}/sitemap.xml\n`), 200, {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "public, max-age=3600",
      }),
    );
  }

  r.get("/sitemap.xml", async (c) => {
    const o = origin(c.req.url);
    const parts = Math.max(1, Math.ceil((await productCount(store)) / SITEMAP_PRODUCTS_PER_FILE));
    const files = [`${o}/sitemap-pages.xml`];
    for (let part = 1; part <= parts; part++) files.push(`${o}/sitemap-products.xml?part=${part}`);
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
      .map((f) => `<sitemap><loc>${escapeHtml(f)}</loc></sitemap>`)
      .join("\n")}\n</sitemapindex>\n`;
    return c.body(body, 200, XML);
  });

  r.get("/sitemap-pages.xml", async (c) => {
    const o = origin(c.req.url);
    const { categories, pages, posts } = await pageEntries(store);
    const urls = [
      `${o}/`,
      ...categories.map((k) => `${o}/catalog/${encodeURIComponent(k.slug)}`),
      ...pages.map((p) => `${o}/page/${encodeURIComponent(p.url_key)}`),
      `${o}/contact`,
      ...posts.map((p) => `${o}/blog-details-standard?slug=${encodeURIComponent(p.slug)}`),
    ];
    return c.body(urlset(urls), 200, XML);
  });

  r.get("/sitemap-products.xml", async (c) => {
    const part = Number(c.req.query("part") ?? "1");
    if (!Number.isInteger(part) || part < 1 || part > 10_000) return c.text("Not Found", 404);
    const o = origin(c.req.url);
    const rows = await productUrlKeys(store, part, SITEMAP_PRODUCTS_PER_FILE);
    if (!rows.length && part > 1) return c.text("Not Found", 404);
    return c.body(urlset(rows.map((p) => `${o}/product/${encodeURIComponent(p.url_key)}`)), 200, XML);
  });
  return r;
}
