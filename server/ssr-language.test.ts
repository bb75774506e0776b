// @vitest-environment node
// The storefront's own renderer (src/entry-server.tsx, loaded through Vitest's transform on the main thread)
// behind the app: the first page comes in the shopper's language (issue 16 item 2; docs/decisions/029).
import { resolve } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { BUNDLED_RATES, discountedPrice, displayRate, formatMoney } from "../src/api/contract/money";
import type { RenderedPage } from "./ssr";
import { makeApp, standInDist } from "./test-utils";

/** The renderer's module, the one the app loaded (the server's tsconfig does not compile JSX). */
const entry = resolve("src/entry-server.tsx");
const renderPage = async (url: string, origin: string, language: string): Promise<RenderedPage> =>
  (
    (await import(entry)) as { renderPage: (u: string, o: string, l: string) => Promise<RenderedPage> }
  ).renderPage(url, origin, language);

/** A storefront build whose renderer is the real one, and whose shell is index.html's head. */
function distWithStorefrontRenderer(): string {
  return standInDist(
    `export * from ${JSON.stringify(entry)};`,
    `<!doctype html>
<html lang="en">
  <head>
    <title>Velora Bicycles – mountain, road, fat, city and kids bikes</title>
    <meta
      name="description"
      content="Shop mountain, road, fat, city/hybrid and kids/BMX bicycles from Velora."
    />
  </head>
  <body><div id="root"><div class="boot"></div></div></body>
</html>`,
  );
}

const app = makeApp({ distDir: distWithStorefrontRenderer(), renderThreads: 0 });

async function page(path: string, headers: Record<string, string> = {}) {
  const reply = await (await app).request(`http://shop.test${path}`, { headers });
  return { reply, html: await reply.text() };
}

/** The text of the first element whose opening tag matches `open` (tags inside dropped). */
function textOf(html: string, open: RegExp): string {
  const m = open.exec(html);
  if (!m) return "";
  const rest = html.slice(m.index + m[0].length);
  return rest.slice(0, rest.search(/<\/h1>|<\/title>|<\/a>/)).replace(/<[^>]*>/g, "");
}

// The first render loads (and Vitest transforms) the whole storefront, longer than the server's render
// timeout; until then the server answers with the shell.
beforeAll(async () => {
  for (const path of ["/page/warm-up", "/product/cub-balance-12?warm=1", "/catalog/road-bikes?warm=1"]) {
    let rendered = false;
    for (let i = 0; i < 60 && !rendered; i++) {
      rendered = (await page(path)).html.includes('id="server-state"');
      if (!rendered) await new Promise((r) => setTimeout(r, 1000));
    }
    if (!rendered) throw new Error(`the renderer never rendered ${path}`);
  }
}, 180_000);

describe("the first page in the shopper's language", () => {
  it("renders a product page in French or German from the lang cookie, English without it", async () => {
    const fr = await page("/product/cub-balance-12", { cookie: "theme=x; lang=fr" });
    expect(fr.reply.status).toBe(200);
    expect(fr.html).toContain('<html lang="fr">');
    expect(fr.html).toContain("Ajouter au panier");
    expect(fr.html).toContain("Menu principal");
    expect(fr.html).not.toContain(">Add To Cart<");
    // The page's own texts, from the `pages` catalogue the browser loads with the page (decision 059): the
    // renderer has every catalogue.
    expect(fr.html).toContain("Informations sur le produit");
    expect(fr.html).toContain('"locale":"fr"');
    expect(fr.reply.headers.get("content-language")).toBe("fr");
    // A shared cache keys the page on the language's sources.
    expect(fr.reply.headers.get("vary")).toMatch(/Cookie/);
    expect(fr.reply.headers.get("vary")).toMatch(/Accept-Language/);

    const de = await page("/product/cub-balance-12", { cookie: "lang=de" });
    expect(de.html).toContain('<html lang="de">');
    expect(de.html).toContain("In den Warenkorb");
    expect(de.html).toContain("Hauptmenü");
    expect(de.reply.headers.get("etag")).not.toBe(fr.reply.headers.get("etag"));

    const en = await page("/product/cub-balance-12");
    expect(en.html).toContain('<html lang="en">');
    expect(en.html).toContain("Add To Cart");
    expect(en.html).not.toContain("Ajouter au panier");
    expect(en.html).toContain('"locale":"en"');
    // The page's own title (its product) in the head, not the shell's.
    expect(textOf(en.html, /<title>/)).toMatch(/\| Velora Bicycles$/);
    expect(textOf(en.html, /<title>/)).not.toBe(textOf(en.html, /<h1[^>]*>/));
  });

  it("renders the catalogue's own texts in the page's language (decision 051), each language kept apart", async () => {
    // Cub Balance 12: a kids' bicycle, one colour.
    const fr = await page("/product/cub-balance-12?lang=fr");
    expect(fr.html).toContain("à la taille des jeunes cyclistes");
    expect(fr.html).toContain("Vélos enfant/BMX");
    expect(fr.html).not.toContain("sized for young riders");
    const de = await page("/product/cub-balance-12?lang=de");
    expect(de.html).toContain("in der Größe für junge Fahrer");
    const en = await page("/product/cub-balance-12?lang=en");
    expect(en.html).toContain("sized for young riders");
    expect(en.html).not.toContain("à la taille des jeunes cyclistes");
    const list = await page("/catalog/road-bikes?lang=de");
    expect(textOf(list.html, /<h1[^>]*>/)).toBe("Rennräder");
  });

  it("renders a content page's title, breadcrumb and description in the cookie's language", async () => {
    const fr = await page("/page/about-us", { cookie: "lang=fr" });
    expect(fr.html).toContain('<html lang="fr">');
    expect(fr.html).toContain(">Accueil<");
    expect(fr.html).toContain("À propos");
    // The page's content (the shop's own text) is in the HTML too, in the language (decision 051).
    expect(fr.html).toContain("Cinquante ans à construire des vélos");
    expect(fr.html).not.toContain("Fifty years of building bicycles");
    const de = await page("/page/about-us", { cookie: "lang=de" });
    expect(de.html).toContain('<html lang="de">');
    expect(de.html).toContain(">Startseite<");
    expect(de.html).toContain("Fünfzig Jahre Fahrradbau");
    const en = await page("/page/about-us");
    expect(en.html).toContain("Fifty years of building bicycles");
    expect(en.html).toContain(">Home<");
    // The title is the page's, in the head of every language.
    expect(textOf(fr.html, /<title>/)).toMatch(/ \| Velora Bicycles$/);
  });

  it("uses Accept-Language without a cookie, and the cookie over it", async () => {
    const de = await page("/page/about-us", { "accept-language": "it;q=0.9, de-CH;q=0.8, en;q=0.5" });
    expect(de.html).toContain('<html lang="de">');
    const fr = await page("/page/about-us", { "accept-language": "de", cookie: "lang=fr" });
    expect(fr.html).toContain('<html lang="fr">');
    // A cookie naming no language of the shop is ignored.
    const en = await page("/page/about-us", { cookie: "lang=xx" });
    expect(en.html).toContain('<html lang="en">');
    // The shop's default title, translated, on a page that has none of its own (the home sets its own).
    const home = await page("/", { cookie: "lang=de" });
    expect(textOf(home.html, /<title>/)).toBe(
      "Mountainbikes, Rennräder, Fatbikes, Stadt- und Kinderräder | Velora Bicycles",
    );
  });

  it("keeps renders in different languages at the same time apart", async () => {
    // Started together, each with its own i18n instance (no render's language is a shared global).
    const paths = ["/catalog/road-bikes", "/product/cub-balance-12"];
    const langs = ["fr", "de", "en"] as const;
    const pages = await Promise.all(
      paths.flatMap((p) => langs.map((lang) => renderPage(p, "http://shop.test", lang))),
    );
    const expected = {
      fr: 'aria-label="Menu principal"',
      de: 'aria-label="Hauptmenü"',
      en: 'aria-label="Main menu"',
    };
    pages.forEach((rendered, i) => {
      const lang = langs[i % langs.length]!;
      expect(rendered.locale).toBe(lang);
      expect(rendered.html).toContain(expected[lang]);
      for (const other of langs) if (other !== lang) expect(rendered.html).not.toContain(expected[other]);
    });
  });
});

describe("the first page in the shopper's currency", () => {
  /** The product page's price as the server's HTML shows it (`data-testid="price"`). */
  function priceOf(html: string): string {
    return /data-testid="price"[^>]*>([^<]*)</.exec(html)?.[1] ?? "";
  }

  it("renders prices in the currency cookie's currency, converted with the rates it hands to the browser", async () => {
    const reply = await (await app).request("http://shop.test/api/products?url_key=cub-balance-12");
    const product = ((await reply.json()) as { data: { price: string | number; discount?: number | null }[] })
      .data[0]!;
    const price = discountedPrice(Number(product.price), product.discount) ?? Number(product.price);

    const eur = await page("/product/cub-balance-12", { cookie: "lang=en; currency=EUR" });
    expect(eur.reply.status).toBe(200);
    expect(priceOf(eur.html)).toBe(
      formatMoney(price * displayRate("EUR", BUNDLED_RATES), { currency: "EUR", locale: "en" }),
    );
    // The browser hydrates with what the server used.
    expect(eur.html).toContain('"currency":"EUR"');
    expect(eur.html).toContain(`"rates":${JSON.stringify(BUNDLED_RATES)}`);

    // German and pounds: the language's format, the cookie's currency.
    const gbp = await page("/product/cub-balance-12", { cookie: "currency=GBP; lang=de" });
    expect(priceOf(gbp.html)).toBe(
      formatMoney(price * displayRate("GBP", BUNDLED_RATES), { currency: "GBP", locale: "de" }),
    );

    // No cookie, or one naming no currency of the shop: the catalogue's own, rupees.
    for (const cookie of ["", "currency=XYZ"]) {
      const inr = await page("/product/cub-balance-12", cookie ? { cookie } : {});
      expect(priceOf(inr.html)).toBe(formatMoney(price, { currency: "INR", locale: "en" }));
      expect(inr.html).toContain('"currency":"INR"');
      // Kept apart in the page cache: the rupee page is never answered with euro prices, nor the reverse.
      expect(inr.reply.headers.get("etag")).not.toBe(eur.reply.headers.get("etag"));
    }
    expect(eur.reply.headers.get("vary")).toMatch(/Cookie/);
  });
});

describe("the first screen without MUI (decision 034)", () => {
  it("renders the home page and a catalogue page with plain elements: no MUI element and no emotion rule", async () => {
    const home = await page("/");
    expect(home.reply.status).toBe(200);
    // The page is there (header menu, the hero's banner)...
    expect(home.html).toMatch(/<nav[^>]*aria-label="Main menu"/);
    expect(home.html).toContain("Shop Now");
    // ...drawn without MUI's styling engine, which the first visit no longer downloads.
    expect(home.html).not.toContain("data-emotion");
    expect(home.html).not.toMatch(/class="[^"]*\bMui/);

    // The catalogue likewise: its filters, sort and pages are plain elements too.
    const catalogue = await page("/catalog/mountain-bikes");
    expect(catalogue.html).toMatch(/<aside[^>]*aria-label="Filters"/);
    expect(catalogue.html).toContain("Sort by");
    expect(catalogue.html).not.toContain("data-emotion");
    expect(catalogue.html).not.toMatch(/class="[^"]*\bMui/);
  });
});

describe("a page rendered while the API fails", () => {
  it("is answered but kept by no cache; once the API is back, the full page is rendered and kept", async () => {
    const store = (await app).deps.store;
    const realFirst = store.first.bind(store);
    // The content page's row cannot be read (the database gone for a moment): its API answers 500.
    const failing = vi
      .spyOn(store, "first")
      .mockImplementation(((q: Parameters<typeof store.first>[0]) =>
        q.compile().sql.includes('"pages"')
          ? Promise.reject(new Error("the database is gone"))
          : realFirst(q)) as typeof store.first);
    try {
      const down = await page("/page/about-us?from=outage");
      expect(down.reply.status).toBe(200);
      expect(down.html).toMatch(/<nav[^>]*aria-label="Main menu"/);
      expect(down.html).not.toContain("Fifty years of building bicycles");
      expect(down.reply.headers.get("cache-control")).toBe("private, no-store");
      expect(down.reply.headers.get("etag")).toBeNull();
    } finally {
      failing.mockRestore();
    }
    const back = await page("/page/about-us?from=outage");
    expect(back.html).toContain("Fifty years of building bicycles");
    expect(back.reply.headers.get("cache-control")).toBe(
      "public, max-age=0, s-maxage=60, stale-while-revalidate=600",
    );
    const again = await page("/page/about-us?from=outage");
    expect(again.reply.headers.get("etag")).toBe(back.reply.headers.get("etag"));
  });

  it("renders every route family complete, so each is kept (a query a component starts while rendering would not be)", async () => {
    const families = [
      "/",
      "/home-fashion",
      "/catalog/mountain-bikes",
      "/shop-list-standard",
      "/product/cub-balance-12",
      "/product-tab-left/45",
      "/page/about-us",
      "/blog-standard",
      "/blog-details-standard",
      "/contact",
      "/search?q=bike",
      "/no-such-page",
    ];
    const rendered = await Promise.all(families.map((p) => renderPage(p, "http://shop.test", "en")));
    expect(rendered.map((r, i) => `${families[i]} ${r.complete}`)).toEqual(families.map((p) => `${p} true`));
  });

  it("counts a page the API refused for good (a product that is not there) as complete", async () => {
    const missing = await renderPage("/product/no-such-bicycle", "http://shop.test", "en");
    expect(missing.status).toBe(404);
    expect(missing.complete).toBe(true);
    const present = await renderPage("/product/cub-balance-12", "http://shop.test", "en");
    expect(present.complete).toBe(true);
  });
});
