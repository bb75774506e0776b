// The catalogue in the shopper's language (issue 39 item 4, decision 051): Bagisto's `locale` query
// parameter picks English, French or German texts; each language is built and kept apart.
import { describe, expect, it } from "vitest";
import { categoryListReplySchema } from "../../src/api/contract/category";
import {
  additionalInformationReplySchema,
  configurableConfigReplySchema,
  productListReplySchema,
  productReplySchema,
} from "../../src/api/contract/product";
import { attributesReplySchema } from "../../src/api/contract/content";
import { gunzipSync } from "node:zlib";
import type { App } from "../app";
import { makeApp, shopper, type Shopper } from "../test-utils";

/** A product's detail reply asked for compressed (as browsers ask), read whether it came compressed or not. */
async function compressed(app: App, path: string): Promise<{ data: { short_description: string } }> {
  const r = await app.request(`http://shop.test${path}`, { headers: { "accept-encoding": "gzip" } });
  const bytes = Buffer.from(await r.arrayBuffer());
  const gzip = r.headers.get("content-encoding") === "gzip";
  return JSON.parse((gzip ? gunzipSync(bytes) : bytes).toString()) as never;
}

const list = async (s: Shopper, query: string) =>
  productListReplySchema.parse((await s.get(`/api/products?${query}`)).json).data;
const product = async (s: Shopper, id: number, locale?: string) =>
  productReplySchema.parse((await s.get(`/api/products/${id}${locale ? `?locale=${locale}` : ""}`)).json)
    .data;
const categories = async (s: Shopper, locale?: string) =>
  categoryListReplySchema.parse(
    (await s.get(`/api/descendant-categories?parent_id=1${locale ? `&locale=${locale}` : ""}`)).json,
  ).data;

describe("the catalogue in the shopper's language", () => {
  it("answers products in French and German: descriptions, categories, colours and specs; names stay", async () => {
    const s = shopper(await makeApp());
    const en = await product(s, 1);
    const fr = await product(s, 1, "fr");
    const de = await product(s, 1, "de");
    expect(en.short_description).toMatch(/^<p>The .* is a mountain bike built for rooty singletrack/);
    expect(fr.short_description).toContain("est un VTT conçu pour les sentiers");
    expect(de.short_description).toContain("ist ein Mountainbike, gebaut für wurzelige Trails");
    expect(fr.description).toMatch(/<li>Cadre: .*<\/li><li>Suspension: .*<\/li><li>Freins: /);
    expect(de.description).toContain("<li>Bremsen: ");
    expect(fr.name).toBe(en.name);
    expect(fr.categories!.map((c) => c.name)).toContain("VTT");
    expect(de.categories!.map((c) => c.name)).toContain("Mountainbikes");
    expect(fr.categories!.map((c) => c.slug)).toEqual(en.categories!.map((c) => c.slug));
    // Colours: the label in the language, the name (what addresses and variants use) as it is.
    const variation = (p: typeof fr) => p.variation!.map((v) => [v.color, (v as { label?: string }).label]);
    expect(variation(fr).length).toBeGreaterThan(1);
    for (const [color, label] of variation(fr))
      expect(label).toBe(
        { red: "Rouge", blue: "Bleu", black: "Noir", green: "Vert", white: "Blanc" }[color!],
      );
    expect(fr.configurable_options!.map((o) => o.label)).toEqual(
      expect.arrayContaining(variation(fr).map(([, label]) => label)),
    );
    expect(de.basic_info!.additional_info.find((a) => a.code === "frame")!.label).toBe("Rahmen");
    expect(fr.basic_info!.additional_info.find((a) => a.code === "brake")!.value).toMatch(/^Disque|Étrier/);
  });

  it("answers lists, the specs, the configurable options and the filters in the language asked", async () => {
    const s = shopper(await makeApp());
    const fr = await list(s, "cat_slug=road-bikes&limit=3&locale=fr");
    expect(fr).toHaveLength(3);
    for (const p of fr) expect(p.short_description).toMatch(/^<p>Le .* est un vélo de route /);
    const specs = additionalInformationReplySchema.parse(
      (await s.get("/api/product-additional-information/1?locale=de")).json,
    ).data;
    expect(specs.map((e) => e.label)).toContain("Reifengröße");
    expect(specs.find((e) => e.code === "frame_geometry")?.label).toBe("Rahmengeometrie");
    const config = configurableConfigReplySchema.parse(
      (await s.get("/api/product-configurable-config/1?locale=fr")).json,
    ).data;
    const colours = config.attributes.find((a) => a.code === "color")!;
    expect(colours.label).toBe("Couleur");
    expect(colours.options.every((o) => ["Rouge", "Bleu", "Noir", "Vert", "Blanc"].includes(o.label))).toBe(
      true,
    );
    // The admin name stays English: the storefront's addresses and the variants read it.
    expect(colours.options.every((o) => /^[A-Z][a-z]+$/.test(o.admin_name ?? ""))).toBe(true);
    const filters = attributesReplySchema.parse(
      (await s.get("/api/getattributes?cat_slug=road-bikes&locale=de")).json,
    );
    const colourFilter = filters.data.find((a) => a.code === "color")!;
    expect(colourFilter.name).toBe("Farbe");
    expect(colourFilter.options.map((o) => o.label)).toEqual(["Rot", "Blau", "Schwarz", "Grün", "Weiß"]);
    expect(filters.data.find((a) => a.code === "tag")!.options.map((o) => o.label)).toEqual([
      "Kinder",
      "Herren",
      "Damen",
    ]);
    const english = attributesReplySchema.parse((await s.get("/api/getattributes?cat_slug=road-bikes")).json);
    expect(english.data.find((a) => a.code === "color")!.options[0]!.label).toBe("Red");
    // The counts are the same in every language.
    expect(colourFilter.options.map((o) => o.count)).toEqual(
      english.data.find((a) => a.code === "color")!.options.map((o) => o.count),
    );
  });

  it("names categories in the language asked", async () => {
    const s = shopper(await makeApp());
    const byLocale = async (locale?: string) => (await categories(s, locale)).map((c) => c.name);
    expect(await byLocale()).toContain("Road Bikes");
    expect(await byLocale("fr")).toEqual(
      expect.arrayContaining(["VTT", "Vélos de route", "Vélos de ville/hybrides"]),
    );
    expect(await byLocale("de")).toEqual(expect.arrayContaining(["Rennräder", "Kinderräder/BMX"]));
    const [road] = (await categories(s, "fr")).filter((c) => c.slug === "road-bikes");
    expect(road!.description).toBe("<p>Vélos de route pour chaque cycliste.</p>");
    const one = (await s.get("/api/categories/3?locale=de")).json as { data: { name: string } };
    expect(one.data.name).toBe("Rennräder");
  });

  it("never serves one language's kept bytes to another (French first, then English and German)", async () => {
    const app = await makeApp();
    const s = shopper(app);
    for (let round = 0; round < 2; round++) {
      expect((await product(s, 2, "fr")).short_description).toMatch(/^<p>Le /);
      expect((await product(s, 2)).short_description).toMatch(/^<p>The /);
      expect((await product(s, 2, "de")).short_description).toMatch(/^<p>Das /);
      for (const [query, opening] of [
        ["?locale=fr", /^<p>Le /],
        ["", /^<p>The /],
      ] as const)
        expect((await compressed(app, `/api/products/2${query}`)).data.short_description).toMatch(opening);
      const [frList] = await list(s, "cat_slug=mountain-bikes&limit=1&locale=fr");
      const [enList] = await list(s, "cat_slug=mountain-bikes&limit=1");
      expect(frList!.short_description).toMatch(/^<p>Le /);
      expect(enList!.short_description).toMatch(/^<p>The /);
      expect((await categories(s, "fr")).map((c) => c.name)).toContain("VTT");
      expect((await categories(s)).map((c) => c.name)).toContain("Mountain Bikes");
    }
  });

  it("reads an unknown, empty or odd locale as English, never as an error", async () => {
    const s = shopper(await makeApp());
    for (const locale of ["xx", "", "FR-ca", "%00", "a".repeat(300), "de_DE"]) {
      const r = await s.get(`/api/products/3?locale=${encodeURIComponent(locale)}`);
      expect(r.status).toBe(200);
      const text = productReplySchema.parse(r.json).data.short_description;
      const expected = locale === "FR-ca" ? /^<p>Le / : locale === "de_DE" ? /^<p>Das / : /^<p>The /;
      expect(text).toMatch(expected);
    }
    const r = await s.get("/api/products?locale=zz&locale=fr&limit=1");
    expect(r.status).toBe(200);
  });

  it("shows a text someone changed as it now is, not as the sample's translation", async () => {
    const app = await makeApp();
    const s = shopper(app);
    const { store, catalog } = app.deps;
    await store.run(
      store.qb.updateTable("products").set({ short_description: "<p>Edited.</p>" }).where("id", "=", 4),
    );
    await catalog.refresh(Infinity);
    expect((await product(s, 4, "fr")).short_description).toBe("<p>Edited.</p>");
    expect((await product(s, 4, "fr")).description).toMatch(/^<p>Le /);
  });
});

describe("the home banners and the About page's counters in the shopper's language", () => {
  it("answers the banners' titles, the counters' labels, roles and blocks in French and German", async () => {
    const s = shopper(await makeApp());
    const banners = async (locale?: string) =>
      (
        (await s.get(`/api/getbanner${locale ? `?locale=${locale}` : ""}`)).json as {
          data: { title: string; subtitle: string }[];
        }
      ).data;
    expect((await banners()).map((b) => b.title)).toContain("Ride Further");
    expect((await banners("fr")).map((b) => b.title)).toContain("Allez plus loin");
    expect((await banners("de")).map((b) => b.subtitle)).toContain("Fatbikes für Sand, Schnee und Schlamm");
    type About = {
      counters: { label: string; value: number }[];
      team: { role: string }[];
      blocks: { title: string }[];
    };
    const about = async (locale?: string) =>
      ((await s.get(`/api/about${locale ? `?locale=${locale}` : ""}`)).json as { data: About }).data;
    const [en, fr, de] = [await about(), await about("fr"), await about("de")];
    expect(en.counters.map((c) => c.label)).toContain("Happy customers");
    expect(fr.counters.map((c) => c.label)).toEqual([
      "Produits",
      "Années d'expérience",
      "Marques",
      "Clients satisfaits",
    ]);
    expect(de.counters.map((c) => c.value)).toEqual(en.counters.map((c) => c.value));
    expect(de.team.map((t) => t.role)).toContain("Leitender Mechaniker");
    expect(fr.blocks.map((b) => b.title)).toEqual(["Notre vision", "Notre mission", "Notre objectif"]);
    expect((await about("xx")).blocks[0]!.title).toBe("Our vision");
  });
});

describe("the blog in the shopper's language", () => {
  it("answers the posts' titles, excerpts, categories, tags and article in French and German", async () => {
    const s = shopper(await makeApp());
    type Post = { slug: string; title: string; excerpt: string; category: string; tags: string[] };
    const list = async (locale?: string) =>
      ((await s.get(`/api/blog?limit=10${locale ? `&locale=${locale}` : ""}`)).json as { data: Post[] }).data;
    const [en, fr] = [await list(), await list("fr")];
    expect(fr.map((p) => p.slug)).toEqual(en.map((p) => p.slug));
    expect(en.map((p) => p.title)).toContain("Choosing your first mountain bike");
    expect(fr.map((p) => p.title)).toContain("Choisir son premier VTT");
    expect(fr.find((p) => p.slug === "road-bike-fit-basics")!.tags).toEqual(["Route", "Réglage"]);
    const post = async (locale?: string) =>
      (
        (await s.get(`/api/blog/commuting-in-the-monsoon${locale ? `?locale=${locale}` : ""}`)).json as {
          data: Post & { html_content: string };
        }
      ).data;
    const de = await post("de");
    expect(de.title).toBe("Pendeln im Monsun");
    expect(de.category).toBe("Stadt");
    expect(de.html_content).toContain("<h2>Der Anfang</h2>");
    expect(de.html_content).toContain("<p>Schutzbleche, Licht und Kettenpflege");
    expect((await post()).html_content).toContain("<h2>Getting started</h2>");
  });
});

describe("the content pages in the shopper's language", () => {
  it("answers a page's title and text in French and German, and a changed page as it now is", async () => {
    const app = await makeApp();
    const s = shopper(app);
    type Page = { page_title: string; meta_title: string; html_content: string };
    const page = async (slug: string, locale?: string) =>
      ((await s.get(`/api/page/${slug}${locale ? `?locale=${locale}` : ""}`)).json as { data: Page }).data;
    expect((await page("terms")).page_title).toBe("Terms & Conditions");
    expect((await page("terms", "fr")).page_title).toBe("Conditions générales");
    expect((await page("shipping", "de")).html_content).toContain("<h2>Versand und Lieferung</h2>");
    expect((await page("privacy-policy", "fr")).html_content).toContain("Ce que nous collectons");
    const { store } = app.deps;
    await store.run(
      store.qb
        .updateTable("pages")
        .set({ html_content: "<p>Closed in August.</p>" })
        .where("url_key", "=", "terms"),
    );
    const edited = await page("terms", "de");
    expect(edited.html_content).toBe("<p>Closed in August.</p>");
    expect(edited.page_title).toBe("Allgemeine Geschäftsbedingungen");
  });
});
