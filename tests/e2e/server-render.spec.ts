import { expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { test } from "./fixtures";
import type { ApiProduct } from "./offline-helpers";
import { aMountainBike, collectErrors, watchServerElements } from "./shopper";

/** Opens `to` through the client router, as a link would: the browser renders the page itself. */
async function clientNavigation(page: Page, to: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, "", to);
    dispatchEvent(new PopStateEvent("popstate"));
  }, to);
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the home, a catalogue and a product page arrive rendered, with the data they show", async ({
    page,
    request,
  }) => {
    const bike = await aMountainBike(request);

    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The hero's first banner, the page's largest image, is in the HTML with a high fetch priority.
    await expect(page.locator("#main img[fetchpriority='high']").first()).toBeVisible();

    await page.goto("/catalog/mountain-bikes");
    await expect(page.getByRole("heading", { level: 1, name: "Mountain Bikes" })).toBeVisible();
    await expect(page.getByRole("article").filter({ hasText: bike.name })).toBeVisible();

    await page.goto(`/product/${bike.url_key}`);
    await expect(page.getByRole("heading", { level: 1, name: bike.name })).toBeVisible();
    await expect(page.getByRole("img", { name: bike.name }).first()).toBeVisible();
    await expect(page).toHaveTitle(/Velora/);
  });

  test("content pages and blog posts arrive with their sanitised content", async ({ page }) => {
    await page.goto("/page/about-us");
    await expect(page.getByRole("heading", { name: "Fifty years of building bicycles" })).toBeVisible();
    await expect(page.getByText("Every bike is test-ridden before it leaves the workshop.")).toBeVisible();
    await page.goto("/blog-standard");
    const post = page.locator("#main a[href^='/blog-details-standard']").first();
    const href = await post.getAttribute("href");
    expect(href).toBeTruthy();
    await page.goto(href!);
    await expect(page.getByText("Ride more, worry less.")).toBeVisible();
  });

  test("a product that does not exist answers 404 with the 'Page Not found' page", async ({ page }) => {
    const res = await page.goto("/product/no-such-bike");
    expect(res?.status()).toBe(404);
    await expect(page.getByText("Page Not found")).toBeVisible();
  });

  test("a form cannot be sent before the scripts run (no native submit with the shopper's details)", async ({
    page,
  }) => {
    await page.goto("/contact");
    await expect(page.getByRole("form", { name: "Contact form" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send Message" })).toBeDisabled();
    await expect(page.locator("footer").getByRole("button", { name: "SUBSCRIBE" })).toBeDisabled();
  });

  test("personal pages arrive as their frame only: the header and the page's heading, none of the shopper's data", async ({
    page,
    request,
  }) => {
    // This shopper has a cart: the server must not render it (only the browser has the shopper's data).
    const bike = await aMountainBike(request);
    const add = await request.post(`/api/checkout/cart/add/${bike.id}`, {
      data: { product_id: bike.id, quantity: 1, is_configurable: false },
    });
    expect(add.ok()).toBe(true);
    for (const [path, heading] of [
      ["/cart", "Cart"],
      ["/wishlist", "Wishlist"],
      ["/compare", "Compare"],
      ["/checkout", "Checkout"],
      ["/my-account", "My Account"],
      ["/login-register", "Login / Register"],
      ["/ordersuccess/1", "Order Success"],
    ] as const) {
      const reply = await request.get(path);
      const html = await reply.text();
      // The routes declare these pages personal: no proxy, CDN or browser cache may keep them.
      expect(reply.headers()["cache-control"], path).toBe("private, no-store");
      expect(reply.headers()["etag"], path).toBeUndefined();
      expect(html, path).toContain('"frame":true');
      expect(html, path).not.toContain(bike.name);
      // Under the heading, an empty space where the browser puts the page.
      expect(html, path).toMatch(
        new RegExp(`<h1[^>]*>${heading}</h1></header><div[^>]*aria-busy="true"></div></main>`),
      );
    }
    await page.goto("/login-register");
    await expect(page.getByRole("heading", { level: 1, name: "Login / Register" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
    await expect(page).toHaveTitle(/Login \/ Register/);
  });

  test("a public page is rendered once and then answered from the cache, with an ETag a CDN can use", async ({
    request,
  }) => {
    const first = await request.get("/product/cub-balance-12?utm_source=newsletter");
    expect(first.headers()["cache-control"]).toContain("s-maxage=");
    const etag = first.headers()["etag"]!;
    const second = await request.get("/product/cub-balance-12");
    expect(second.headers()["etag"]).toBe(etag);
    expect(await second.text()).toBe(await first.text());
    const again = await request.get("/product/cub-balance-12", { headers: { "If-None-Match": etag } });
    expect(again.status()).toBe(304);
  });
});

test("a personal page's frame preloads its route's chunks with the entry, and the page runs those", async ({
  page,
  request,
}) => {
  // The shell's own scripts, in every page's head (a public page has no route preload of its own).
  const home = await (await request.get("/")).text();
  const shellChunks = new Set(
    [...home.slice(0, home.indexOf("</head>")).matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
      (m) => m[1],
    ),
  );
  for (const [path, chunk, shown] of [
    ["/cart", /^\/assets\/cart-page-[\w-]+\.js$/, "No items found in cart"],
    ["/checkout", /^\/assets\/checkout-page-[\w-]+\.js$/, "No items found in cart to checkout"],
    ["/wishlist", /^\/assets\/wishlist-page-[\w-]+\.js$/, "No items found in wishlist"],
  ] as const) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const preloaded = [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)]
      .map((m) => m[1]!)
      .filter((href) => !shellChunks.has(href));
    // The route's own chunk first, then the chunks it imports; each one is in the build.
    expect(preloaded[0], path).toMatch(chunk);
    for (const href of preloaded) {
      const reply = await request.get(href);
      expect(reply.status(), href).toBe(200);
      expect(reply.headers()["content-type"], href).toContain("javascript");
    }
    // The browser runs the chunks it preloaded: each is fetched once, by the preload.
    const fetched: string[] = [];
    const listen = (r: { url(): string }) => fetched.push(new URL(r.url()).pathname);
    page.on("request", listen);
    await page.goto(path);
    await expect(page.getByText(shown, { exact: true })).toBeVisible();
    await page.waitForLoadState("networkidle");
    page.off("request", listen);
    for (const href of preloaded)
      expect(
        fetched.filter((f) => f === href),
        href,
      ).toHaveLength(1);
  }
});

test("the browser hydrates the server's page without an error and it works at once", async ({
  page,
  request,
}) => {
  const reply = await request.get("/api/products?cat_slug=mountain-bikes&limit=50");
  const bike = ((await reply.json()) as { data: ApiProduct[] }).data.find(
    (p) => !p.affiliateLink && p.in_stock && p.variation.some((v) => v.size.some((s) => s.stock > 0)),
  );
  if (!bike) throw new Error("the sample data has no mountain bike in stock");
  const errors = collectErrors(page);

  for (const path of ["/", "/catalog/mountain-bikes"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
  }
  // The server's page is replaced by nothing: the heading the HTML parser made (marked as it arrives,
  // before any script of the page) is the one still shown after hydration.
  await watchServerElements(page, ["h1"]);
  await page.goto(`/product/${bike.url_key}`);
  await page.waitForLoadState("networkidle");
  await expect(page.locator("h1[data-seen='1']")).toHaveText(bike.name);
  // The browser's styles are the server's: hydration adds no class rule of its own (a renderer run in
  // development mode named its classes differently, and the browser then inserted every rule again).
  const insertedByBrowser = await page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion]:not([data-emotion^="css "])')]
        .flatMap((style) => [...(style.sheet?.cssRules ?? [])])
        .filter((rule) => rule.cssText.includes(".css-")).length,
  );
  expect(insertedByBrowser).toBe(0);
  // The description the server sanitised is still shown once the page has hydrated (the browser keeps the
  // server's markup rather than sanitising the same HTML again).
  const shownText = (html: string) =>
    page.evaluate(
      (h) =>
        (new DOMParser().parseFromString(h, "text/html").body.textContent ?? "").replace(/\s+/g, " ").trim(),
      html,
    );
  const options = page.getByRole("region", { name: "Product options" });
  const hydratedShort = (await (await request.get(`/api/products/${bike.id}`)).json()) as {
    data: { short_description: string | null };
  };
  if (!hydratedShort.data.short_description) throw new Error("the sample bike has no short description");
  await expect(options).toContainText(await shownText(hydratedShort.data.short_description));

  // Hydrated: the page answers clicks (Add To Cart) and the client router takes over the links.
  await page.locator("#main").getByRole("button", { name: "Add To Cart", exact: true }).first().click();
  await expect(page.getByText("Added To Cart").first()).toBeVisible();
  await page.getByRole("link", { name: "Mountain Bikes" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Mountain Bikes" })).toBeVisible();
  // A product the browser renders itself (client navigation): its description is sanitised and shown.
  const list = ((await reply.json()) as { data: (ApiProduct & { short_description: string | null })[] }).data;
  const other = list.find((p) => p.id !== bike.id && p.short_description);
  if (!other) throw new Error("the sample data has no second mountain bike with a short description");
  await clientNavigation(page, `/product/${other.url_key}`);
  await expect(page.getByRole("heading", { level: 1, name: other.name })).toBeVisible();
  await expect(options).toContainText(await shownText(other.short_description ?? ""));

  expect(errors.filter((e) => !/service worker/i.test(e))).toEqual([]);
});

test("a hostile product description shows without scripts or handlers, server-rendered and after a client navigation", async ({
  page,
  request,
}) => {
  // Written as an admin tool or a SQL console would (the server sees it within a second): the descriptions of
  // two mountain bikes carry a script, event handlers and a javascript: link. The server renderer sanitises the
  // first one (and hydration keeps that markup); the browser sanitises the second, which it renders itself.
  const reply = await request.get("/api/products?cat_slug=mountain-bikes&limit=50");
  const [first, second] = ((await reply.json()) as { data: ApiProduct[] }).data;
  if (!first || !second) throw new Error("the sample data has fewer than two mountain bikes");
  const hostile = (id: number) =>
    `<p>Hostile check ${id}: <b class="hostile-check">safe words</b></p>` +
    '<img src="/favicon.svg" alt="" onload="window.__hostile=1"><script>window.__hostile=2</script>' +
    '<a href="javascript:window.__hostile=3" onclick="window.__hostile=4">tap</a><svg onload="window.__hostile=5"></svg>';
  const db = new Database(`data/e2e-${process.env.E2E_PORT ?? 4173}.sqlite`);
  db.pragma("busy_timeout = 5000");
  const read = db.prepare<[number], { short_description: string; description: string }>(
    "select short_description, description from products where id = ?",
  );
  const write = db.prepare<[string, string, number]>(
    "update products set short_description = ?, description = ? where id = ?",
  );
  const saved = [first, second].map((p) => ({ id: p.id, ...read.get(p.id)! }));
  try {
    for (const { id } of saved) write.run(hostile(id), hostile(id), id);
    for (const { id } of saved) {
      await expect
        .poll(
          async () =>
            (
              (await (await request.get(`/api/products/${id}`)).json()) as {
                data: { short_description: string };
              }
            ).data.short_description,
        )
        .toContain("__hostile");
    }
    const errors = collectErrors(page);
    // The description's markup the HTML parser made (marked as it arrives) is the one still shown after hydration.
    await watchServerElements(page, ["b.hostile-check"]);
    const options = page.getByRole("region", { name: "Product options" });
    const harmless = async (id: number) => {
      await expect(options).toContainText(`Hostile check ${id}: safe words`);
      const left = await page.evaluate(() => ({
        scripts: [...document.querySelectorAll("script")].filter(
          (s) => !/json$/.test(s.type) && (s.textContent ?? "").includes("__hostile"),
        ).length,
        attributes: [...document.querySelectorAll("#main *")].flatMap((el) =>
          [...el.attributes]
            .filter((a) => a.value.includes("__hostile"))
            .map((a) => `${el.localName} ${a.name}`),
        ),
        ran: (window as { __hostile?: number }).__hostile ?? null,
      }));
      expect(left).toEqual({ scripts: 0, attributes: [], ran: null });
    };

    // When the page says it is ready (hydrated), and when DOMPurify's code was fetched.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        (window as { __readyAt?: number }).__readyAt ??= performance.now();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-page-ready"] });
    });
    const purifierFetches = () =>
      page.evaluate(() => ({
        ready: (window as { __readyAt?: number }).__readyAt ?? null,
        starts: performance
          .getEntriesByType("resource")
          .filter((e) => /\/assets\/purify\b/.test(e.name))
          .map((e) => e.startTime),
      }));
    await page.goto(`/product/${first.url_key}`);
    await page.waitForLoadState("networkidle");
    await harmless(first.id);
    // Hydrating kept the server's markup without DOMPurify: its code was not fetched before the page was ready
    // (it comes once the page is idle, for the HTML the browser renders itself below).
    const firstVisit = await purifierFetches();
    expect(firstVisit.ready).not.toBeNull();
    for (const start of firstVisit.starts) expect(start).toBeGreaterThan(firstVisit.ready!);
    await expect(options.locator("b.hostile-check[data-seen='1']")).toHaveText("safe words");

    await clientNavigation(page, `/product/${second.url_key}`);
    await expect(page.getByRole("heading", { level: 1, name: second.name })).toBeVisible();
    await harmless(second.id);
    // The full description (below the short one) is the browser's sanitised copy too.
    await expect(page.getByText(`Hostile check ${second.id}: safe words`)).toHaveCount(2);
    expect((await purifierFetches()).starts).toHaveLength(1);

    expect(errors.filter((e) => !/service worker/i.test(e))).toEqual([]);
  } finally {
    for (const { id, short_description, description } of saved) write.run(short_description, description, id);
    db.close();
  }
});
