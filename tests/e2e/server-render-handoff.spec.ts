import { expect, type Page, type Request } from "@playwright/test";
import { test } from "./fixtures";
import { aMountainBike } from "./shopper";

/*
 * The data a server-rendered page hands over (`#server-state`: its dehydrated queries) is what the browser
 * starts from: hydration reads none of it again unless it is older than that query's own staleTime (here it
 * is seconds old, every staleTime is a minute or more). A slow machine changes nothing: the rule is age
 * against staleTime, not timing.
 *
 * Which API request reads which query is said once below (`readsQuery`), from the storefront's key
 * factories (src/api/*.ts); the test first proves that mapping on the same page rendered by the browser
 * alone (the handoff removed: every handed-over query is then read, and each must be recognised), so a key
 * the mapping does not know fails the test instead of passing it unchecked.
 */

interface HandedOver {
  queryKey: unknown[];
  state: { data: unknown };
}

const HANDOFF = /<script type="application\/json" id="server-state">([\s\S]*?)<\/script>/;

function handoffOf(html: string): HandedOver[] {
  const json = HANDOFF.exec(html)?.[1];
  if (!json) throw new Error("the page was not server-rendered (no #server-state block)");
  return (JSON.parse(json) as { queries: { queries: HandedOver[] } }).queries.queries;
}

const num = (v: string | null) => (v === null ? undefined : Number(v));

/** The wire's list parameters for the storefront's ProductListParams (api/catalog.ts productListQuery). */
const WIRE_LIST: Record<string, string> = { categoryId: "category_id", categorySlug: "cat_slug" };

/** Whether `url` (an API read) is the read of the query `key` (the key factories of src/api/*.ts). */
function readsQuery(key: unknown[], url: URL, categoryIds: Map<string, number>): boolean {
  const path = url.pathname.replace(/^\/api\//, "");
  const q = url.searchParams;
  const k = JSON.stringify(key);
  // The catalogue's, the categories' and the content's keys hold the language after the root, and their reads
  // carry it as `locale` (decision 051).
  if (
    ["catalog", "categories", "content"].includes(String(key[0])) &&
    ["en", "fr", "de"].includes(String(key[1]))
  ) {
    if (q.get("locale") !== key[1]) return false;
    key = [key[0], ...key.slice(2)];
  }
  const [root, kind, ...rest] = key;
  if (root === "categories" && kind === "descendants")
    return path === "descendant-categories" && num(q.get("parent_id")) === rest[0];
  // a bicycle type's child categories, by its slug: read by the type's id
  if (root === "categories" && kind === "children")
    return path === "descendant-categories" && num(q.get("parent_id")) === categoryIds.get(String(rest[0]));
  if (root === "content") {
    if (kind === "banners") return path === "getbanner";
    if (kind === "brands" || kind === "about") return path === kind;
    if (kind === "page") return path === `page/${encodeURIComponent(String(rest[0]))}`;
  }
  if (root === "currency" && kind === "rates") return path === "exchange-rates";
  if (root === "catalog") {
    if (kind === "attributes") return path === "getattributes" && (q.get("cat_slug") ?? "") === rest[0];
    if (kind === "new-with-information")
      return path === "product-with-additional-information" && num(q.get("limit")) === rest[0];
    if (kind === "detail" && rest[0] === "url-key")
      return path === "products" && q.get("url_key") === rest[1];
    if (kind === "detail" && rest[0] === "id") {
      const [, id, part] = rest;
      if (part === undefined) return path === `products/${String(id)}`;
      if (part === "additional-information") return path === `product-additional-information/${String(id)}`;
      if (part === "configurable-config") return path === `product-configurable-config/${String(id)}`;
    }
    // reviews: the shoppers' words, in no language of the shop's
    if (kind === "reviews") {
      const [id, page, limit] = rest;
      return (
        path === "reviews" &&
        num(q.get("product_id")) === id &&
        num(q.get("page")) === page &&
        num(q.get("limit")) === limit
      );
    }
    if (kind === "list") {
      if (path !== "products" || q.has("url_key")) return false;
      const params = rest[0] as Record<string, string | number>;
      return Object.entries(params).every(([name, value]) => {
        if (name === "categorySlug")
          return q.get("cat_slug") === value || num(q.get("category_id")) === categoryIds.get(String(value));
        if (name === "sort") return q.get("sort") === (value === "newest" ? "created_at" : value);
        return q.get(WIRE_LIST[name] ?? name) === String(value);
      });
    }
  }
  throw new Error(`the test does not know which API read feeds the handed-over query ${k}`);
}

/** Every API read (GET) the page makes; personal ones carry no handed-over data and match no query. */
function recordApiReads(page: Page): URL[] {
  const reads: URL[] = [];
  page.on("request", (r: Request) => {
    const url = new URL(r.url());
    if (r.method() === "GET" && url.pathname.startsWith("/api/")) reads.push(url);
  });
  return reads;
}

/** Until the page has been quiet for a while: hydration, the persisted cache's restore and what follows. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1500);
  await page.waitForLoadState("networkidle");
}

test("a server-rendered page's handed-over data is not read again when the browser hydrates it", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const bike = await aMountainBike(request);
  const reads = recordApiReads(page);
  for (const path of ["/", "/catalog/mountain-bikes", `/product/${bike.url_key}`]) {
    // The page as the server sends it, and the queries it hands over.
    const html = await (await request.get(path)).text();
    const handed = handoffOf(html);
    expect(handed.length, path).toBeGreaterThan(0);
    // The exchange rates too, in rupees (no currency cookie): the header's free-delivery amount uses them.
    expect(
      handed.some((q) => q.queryKey[0] === "currency" && q.queryKey[1] === "rates"),
      path,
    ).toBe(true);
    const categoryIds = new Map<string, number>();
    for (const q of handed)
      if (q.queryKey[0] === "categories" && Array.isArray(q.state.data))
        for (const c of q.state.data as { slug: string; id: number }[]) categoryIds.set(c.slug, c.id);

    // The mapping, proved: the same page rendered by the browser alone (handoff removed, nothing stored on
    // the device) reads every one of those queries.
    const fresh = await browser.newContext({ baseURL });
    const alonePage = await fresh.newPage();
    const alone = recordApiReads(alonePage);
    await alonePage.route(
      (url) => url.pathname === path,
      async (route) => {
        const reply = await route.fetch();
        await route.fulfill({ response: reply, body: (await reply.text()).replace(HANDOFF, "") });
      },
    );
    await alonePage.goto(path);
    await settle(alonePage);
    await fresh.close();
    for (const q of handed)
      expect(
        alone.some((url) => readsQuery(q.queryKey, url, categoryIds)),
        `${path}: the browser alone reads ${JSON.stringify(q.queryKey)}`,
      ).toBe(true);

    // Server-rendered and hydrated: none of the handed-over queries is read again.
    const from = reads.length;
    const reply = await page.goto(path);
    expect(await reply!.text()).toContain('id="server-state"');
    await settle(page);
    const again = reads
      .slice(from)
      .filter((url) => handed.some((q) => readsQuery(q.queryKey, url, categoryIds)));
    expect(
      again.map((url) => url.pathname + url.search),
      `${path}: handed-over data read again`,
    ).toEqual([]);
  }
});
