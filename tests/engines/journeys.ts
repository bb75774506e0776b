/*
 * The cross-engine journeys (issue 39 items 1 and 2), written once for every engine: each engine's test file
 * (firefox.test.ts, webkit.test.ts) starts its browser, wraps it in an `Engine` (goto, evaluate, click,
 * select) and calls `describeJourneys`. One shop (shop.ts) and one browser per file, the journeys in sequence,
 * in the order a shopper meets them: the first visit, browsing, the service worker and pages visited before
 * opening with the server unreachable, a cart and a wishlist change made meanwhile reaching the server exactly
 * once, French and another currency, and a page left while its code still loads.
 * "Unreachable" is the front's port closed (front.ts): `navigator.onLine` stays true, as with a server that
 * stopped or a captive Wi-Fi; neither driver can emulate offline.
 * Waits are generous (two shared cores); nothing asserts how long anything took.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PAGE_ERRORS_KEY } from "./front";
import { addableProducts, sleep, startShop, type ApiProduct, type Shop } from "./shop";
import { showroomJourneys, type ShowroomEngine } from "./showroom";

export interface Engine extends ShowroomEngine {
  readonly name: string;
  /** a full navigation, as a typed address: resolves once the page has loaded */
  goto(url: string): Promise<void>;
  /** runs a self-contained function in the page (its source is sent, not its closure) */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  /** a real click (the driver's) on the one element matching the CSS selector */
  click(selector: string): Promise<void>;
  /** chooses the option of this value in the <select> matching the CSS selector */
  select(selector: string, value: string): Promise<void>;
  /** page errors the driver itself reports (Firefox's BiDi events) since the last call */
  takeDriverErrors(): string[];
}

export interface Browser {
  engine: Engine;
  close(): Promise<void>;
}

const WAIT_MS = 60_000;
const LEFT_PAGE_KEY = "engines-left-page";
const JOURNEY_MS = 240_000;

/**
 * Polls `fn` in the page until it returns a truthy value (returned). A failed evaluation (the page is being
 * replaced) counts as not yet. Fails with `what` and the last value or error after `timeout`.
 */
export async function waitFor<T, A extends unknown[]>(
  engine: Engine,
  what: string,
  fn: (...args: A) => T | Promise<T>,
  args: A,
  timeout = WAIT_MS,
): Promise<NonNullable<T>> {
  const end = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      last = await engine.evaluate(fn, ...args);
      if (last) return last as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > end) {
      const page = await engine
        .evaluate(
          () => `${location.href}: ${(document.body?.textContent ?? "").replace(/\s+/g, " ").slice(0, 400)}`,
        )
        .catch((error: unknown) => String(error));
      throw new Error(`${engine.name}: ${what} did not happen; last: ${String(last)}; the page: ${page}`);
    }
    await sleep(250);
  }
}

/** Polls a condition outside the page (the server, the front) until it holds. */
async function waitUntil(what: string, check: () => boolean | Promise<boolean>, timeout = WAIT_MS) {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what} did not happen`);
    await sleep(250);
  }
}

let clicks = 0;

/**
 * Clicks, with the driver, the first visible and enabled element matching `selector` whose text or accessible
 * label includes `text` (any when omitted), once there is one.
 */
export async function clickOn(engine: Engine, selector: string, text = ""): Promise<void> {
  const mark = `c${++clicks}`;
  await waitFor(
    engine,
    `a visible ${selector} "${text}"`,
    (css: string, label: string, id: string) => {
      const el = Array.from(document.querySelectorAll<HTMLElement>(css)).find(
        (e) =>
          e.getClientRects().length > 0 &&
          !(e as HTMLButtonElement).disabled &&
          e.getAttribute("aria-disabled") !== "true" &&
          `${e.textContent ?? ""} ${e.getAttribute("aria-label") ?? ""}`.includes(label),
      );
      el?.setAttribute("data-engines-click", id);
      return !!el;
    },
    [selector, text, mark],
  );
  await engine.click(`[data-engines-click="${mark}"]`);
}

/**
 * The page errors since the last call: the driver's, and those the front's collector kept in this tab's
 * sessionStorage for this origin (taken from it).
 */
async function takePageErrors(engine: Engine): Promise<string[]> {
  const kept = await engine.evaluate((key: string) => {
    const list = JSON.parse(sessionStorage.getItem(key) ?? "[]") as string[];
    sessionStorage.removeItem(key);
    return list;
  }, PAGE_ERRORS_KEY);
  // The service worker's own messages (e.g. a fetch it could not make) are not the page's.
  return [...engine.takeDriverErrors(), ...kept].filter((e) => !/service ?worker/i.test(e));
}

/**
 * The page's errors are seen at all in this engine and page: an error thrown by a timer (uncaught) is among
 * them. Keeps the "without an error" checks from passing for want of a collector.
 */
async function expectErrorsSeen(engine: Engine): Promise<void> {
  await takePageErrors(engine);
  await engine.evaluate(() => {
    setTimeout(() => {
      throw new Error("engines probe");
    });
  });
  await waitFor(
    engine,
    "the probe error collected",
    (key: string) => (sessionStorage.getItem(key) ?? "").includes("engines probe"),
    [PAGE_ERRORS_KEY],
  );
  expect((await takePageErrors(engine)).join("\n")).toContain("engines probe");
}

const headingIs = (name: string) => document.querySelector("h1")?.textContent?.trim() === name;
const isHydrated = () => "hydrated" in document.documentElement.dataset;

/** The customer's cart on the server, as [product id, quantity] pairs. */
async function serverCart(shop: Shop, token: string): Promise<[number, number][]> {
  const { data } = await shop.api<{
    data: { items: { product_id: number | string; quantity: number }[] } | null;
  }>("checkout/cart?token=true", { token });
  return (data?.items ?? []).map((i) => [Number(i.product_id), i.quantity]);
}

/** The customer's wishlist on the server, as product ids (a product twice would show twice). */
async function serverWishlist(shop: Shop, token: string): Promise<number[]> {
  const { data } = await shop.api<{ data: { product: { id: number } }[] }>(
    "wishlist?token=true&pagination=0",
    {
      token,
    },
  );
  return data.map((i) => i.product.id);
}

/** The origin's service worker is active, controls the page and holds its precache (the app shell). */
const workerHoldsShell = async () =>
  navigator.serviceWorker.controller?.state === "activated" &&
  (
    await Promise.all(
      (await caches.keys())
        .filter((n) => n.startsWith("workbox-precache"))
        .map(async (n) => (await (await caches.open(n)).keys()).length),
    )
  ).some((entries) => entries > 0);

/**
 * Opens the origin's home page and waits until its service worker controls it with the app shell held, and
 * the page has hydrated (its code all there: a page left while its code loads is another journey's subject).
 */
export async function waitForWorker(engine: Engine, origin: string): Promise<void> {
  await engine.goto(`${origin}/`);
  await waitFor(engine, "an active service worker holding the app shell", workerHoldsShell, []);
  await waitFor(engine, "hydration", isHydrated, []);
}

/**
 * After a failed journey: when the origin's storage is gone (its service worker still registered, its caches
 * empty), the worker is unregistered and the caches dropped, so that the retry installs a worker afresh.
 * Seen in WebKitGTK's automation session on the loaded machine (decision 039): its storage lives in memory,
 * and at some moment every cache of the origin was empty while the worker stayed registered and active, so
 * each later offline step failed with "FetchEvent.respondWith received an error: TypeError: Load failed".
 */
async function startAfreshIfStorageLost(engine: Engine, origin: string): Promise<void> {
  try {
    await engine.goto(`${origin}/contact`);
    const lost = await engine.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      if (!registration?.active) return false;
      const names = (await caches.keys()).filter((n) => n.startsWith("workbox-precache"));
      const sizes = await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).length));
      if (sizes.some((entries) => entries > 0)) return false;
      await registration.unregister();
      await Promise.all((await caches.keys()).map((n) => caches.delete(n)));
      return true;
    });
    if (lost)
      console.warn(`${engine.name}: the origin's storage was gone after a failed journey; worker removed`);
  } catch {
    // the page could not be opened: the retry shows why
  }
}

export function describeJourneys(name: string, launch: () => Promise<Browser>): void {
  // One more try for a journey that fails: twice in about twenty runs on the loaded 2-core machine, WebKit did
  // not show a page from its service worker within 60 s with the server away, and passed alone at once (not
  // understood yet; decision 039). A journey that fails twice fails the suite.
  describe(`the shop in ${name}`, { retry: 1 }, () => {
    let shop: Shop;
    let browser: Browser | undefined;
    let engine: Engine;
    let products: ApiProduct[];

    beforeAll(async () => {
      // The browser first: a missing one fails at once, with how to install it.
      browser = await launch();
      try {
        shop = await startShop(name.replace(/\W+/g, "-").toLowerCase());
      } catch (error) {
        await browser.close().catch(() => undefined);
        browser = undefined;
        throw error;
      }
      engine = browser.engine;
      products = await addableProducts(shop, 3);
    }, 300_000);

    // Each journey that looks at page errors sees its own.
    afterEach(async (ctx) => {
      if (ctx.task.result?.state === "fail") await startAfreshIfStorageLost(engine, shop.main.origin);
      await takePageErrors(engine).catch(() => undefined);
    });

    afterAll(async () => {
      await browser?.close().catch(() => undefined);
      await shop?.stop();
    }, 60_000);

    it(
      "first visit: a product page arrives rendered by the server, hydrates without an error and keeps the server's page, and its Add To Cart works",
      async () => {
        const bike = products[0]!;
        await engine.goto(`${shop.main.origin}/product/${bike.url_key}`);
        expect(await engine.evaluate(headingIs, bike.name)).toBe(true);
        // The server's heading is still the one on screen once the page has hydrated (never replaced).
        await engine.evaluate(() => document.querySelector("h1")?.setAttribute("data-seen", "1"));
        await waitFor(engine, "hydration", isHydrated, []);
        await clickOn(engine, "#main button", "Add To Cart");
        await waitFor(
          engine,
          '"Added To Cart"',
          () => document.body.textContent?.includes("Added To Cart"),
          [],
        );
        expect(await engine.evaluate(() => document.querySelector("h1")?.getAttribute("data-seen"))).toBe(
          "1",
        );
        expect(await engine.evaluate(() => document.documentElement.lang)).toBe("en");
        const cart = await engine.evaluate(async () => {
          const reply = (await (await fetch("/api/checkout/cart")).json()) as {
            data: { items: { product: { id: number } }[] } | null;
          };
          return reply.data?.items.map((i) => i.product.id) ?? [];
        });
        expect(cart).toContain(bike.id);
        expect(await takePageErrors(engine)).toEqual([]);
        await expectErrorsSeen(engine);
      },
      JOURNEY_MS,
    );

    it(
      "browse: from the home page to a category's list and on to one of its products, without an error",
      async () => {
        await engine.goto(`${shop.main.origin}/`);
        await waitFor(engine, "hydration", isHydrated, []);
        await clickOn(engine, '#main a[href^="/catalog/"]');
        await waitFor(
          engine,
          "a category's list",
          () =>
            location.pathname.startsWith("/catalog/") &&
            document.querySelectorAll('#main a[href^="/product/"]').length > 0,
          [],
        );
        const card = await waitFor(
          engine,
          "a product's name in the list",
          () => {
            const link = Array.from(
              document.querySelectorAll<HTMLAnchorElement>('#main a[href^="/product/"]'),
            ).find((a) => (a.textContent ?? "").trim() !== "" && a.getClientRects().length > 0);
            if (!link) return null;
            link.setAttribute("data-engines-card", "1");
            return { name: (link.textContent ?? "").trim(), href: link.getAttribute("href") };
          },
          [],
        );
        await engine.click('[data-engines-card="1"]');
        await waitFor(engine, `the page of ${card.name}`, headingIs, [card.name]);
        expect(await engine.evaluate(() => location.pathname)).toBe(card.href);
        expect(await takePageErrors(engine)).toEqual([]);
      },
      JOURNEY_MS,
    );

    it(
      "the service worker takes control, and pages visited before open again while the server cannot be reached",
      async () => {
        const [a, b] = products;
        await engine.goto(`${shop.main.origin}/`);
        await waitFor(
          engine,
          "an activated service worker controlling the page",
          () => navigator.serviceWorker.controller?.state === "activated",
          [],
        );
        await engine.goto(`${shop.main.origin}/catalog`);
        await waitFor(
          engine,
          "the catalogue's products",
          () => !!document.querySelector('#main a[href^="/product/"]'),
          [],
        );
        for (const p of [a!, b!]) {
          await engine.goto(`${shop.main.origin}/product/${p.url_key}`);
          await waitFor(engine, `the page of ${p.name}`, headingIs, [p.name]);
          await waitFor(engine, "hydration", isHydrated, []);
        }
        await shop.main.down();
        try {
          expect(
            await fetch(`${shop.main.origin}/`).then(
              () => "up",
              () => "down",
            ),
          ).toBe("down");
          await engine.goto(`${shop.main.origin}/product/${a!.url_key}`);
          await waitFor(engine, `the page of ${a!.name}, from the device`, headingIs, [a!.name]);
          await engine.goto(`${shop.main.origin}/catalog`);
          await waitFor(
            engine,
            "the catalogue, from the device",
            () => !!document.querySelector('#main a[href^="/product/"]'),
            [],
          );
          expect(await engine.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
          // The device's copy of a page has the collector too (the worker's shell went through the front).
          await expectErrorsSeen(engine);
        } finally {
          await shop.main.up();
        }
      },
      JOURNEY_MS,
    );

    it(
      "a cart change and a wishlist change made while the server cannot be reached reach it exactly once when it is back",
      async () => {
        const bike = products[1]!;
        const email = `engines-${name.replace(/\W+/g, "")}-${Date.now()}@example.test`;
        await shop.api("test/reset-rate-limits", { body: {} });
        await shop.api("customer/register", {
          body: {
            first_name: "Off",
            last_name: "Line",
            email,
            password: "secret12",
            password_confirmation: "secret12",
          },
        });
        const login = await shop.api<{ token: string }>("customer/login?token=true", {
          body: { email, password: "secret12" },
        });
        const token = login.token;
        // Logged in as the login form leaves it.
        await engine.goto(`${shop.main.origin}/`);
        await waitFor(engine, "hydration", isHydrated, []);
        await engine.evaluate((auth: string) => localStorage.setItem("auth", auth), JSON.stringify(login));
        await engine.goto(`${shop.main.origin}/product/${bike.url_key}`);
        await waitFor(engine, `the page of ${bike.name}`, headingIs, [bike.name]);
        await waitFor(engine, "hydration", isHydrated, []);
        await waitFor(
          engine,
          "the wishlist button",
          () => !!document.querySelector('#main button[aria-label="Add to wishlist"]'),
          [],
        );
        expect(await serverCart(shop, token)).toEqual([]);
        expect(await serverWishlist(shop, token)).toEqual([]);

        await shop.main.down();
        try {
          await clickOn(engine, "#main button", "Add To Cart");
          await waitFor(
            engine,
            "the cart change waiting",
            () =>
              document.querySelector('[data-testid="offline-banner"]')?.getAttribute("data-waiting") === "1",
            [],
          );
          await clickOn(engine, '#main button[aria-label="Add to wishlist"]');
          await waitFor(
            engine,
            "two changes waiting",
            () =>
              document.querySelector('[data-testid="offline-banner"]')?.getAttribute("data-waiting") === "2",
            [],
          );
          // A reload while the server is away keeps them (the device's outbox).
          await engine.goto(`${shop.main.origin}/product/${bike.url_key}`);
          await waitFor(engine, `the page of ${bike.name}, from the device`, headingIs, [bike.name]);
          await waitFor(
            engine,
            "the two changes still waiting after the reload",
            () =>
              document.querySelector('[data-testid="offline-banner"]')?.getAttribute("data-waiting") === "2",
            [],
          );
          expect(await serverCart(shop, token)).toEqual([]);
          expect(await serverWishlist(shop, token)).toEqual([]);
        } finally {
          await shop.main.up();
        }

        await waitUntil(
          "the changes on the server",
          async () =>
            (await serverCart(shop, token)).length > 0 && (await serverWishlist(shop, token)).length > 0,
          120_000,
        );
        await waitFor(
          engine,
          "no change waiting any more",
          () => !document.querySelector('[data-testid="offline-banner"]'),
          [],
          120_000,
        );
        expect(await serverCart(shop, token)).toEqual([[bike.id, 1]]);
        expect(await serverWishlist(shop, token)).toEqual([bike.id]);
        // Exactly once: another start of the app (another replay chance) changes nothing.
        await engine.goto(`${shop.main.origin}/cart`);
        await waitFor(
          engine,
          "the cart's line",
          () => document.querySelectorAll('[data-testid="cart-line"]').length === 1,
          [],
        );
        await engine.goto(`${shop.main.origin}/wishlist`);
        await waitFor(
          engine,
          "the wishlist's line",
          () => document.querySelectorAll('[data-testid="wishlist-line"]').length === 1,
          [],
        );
        expect(await serverCart(shop, token)).toEqual([[bike.id, 1]]);
        expect(await serverWishlist(shop, token)).toEqual([bike.id]);
        // Logged out again for the journeys after this one.
        await engine.evaluate(() => localStorage.removeItem("auth"));
      },
      JOURNEY_MS,
    );

    it(
      "a browser still saying offline after a wake asks the server: the offline banner goes and the change made while away is sent once",
      async () => {
        // WebKit can keep `navigator.onLine` false after the device wakes, with no `online` event (decision 055).
        // The stale reading is made in the page; the server is away, then back, as the device's signal was.
        const bike = products[2]!;
        const guestCart = () =>
          engine.evaluate(async () => {
            const reply = (await (await fetch("/api/checkout/cart")).json()) as {
              data: { items: { product: { id: number }; quantity: number }[] } | null;
            };
            return reply.data?.items.map((i) => [i.product.id, i.quantity]) ?? [];
          });
        await waitForWorker(engine, shop.main.origin);
        await engine.goto(`${shop.main.origin}/product/${bike.url_key}`);
        await waitFor(engine, `the page of ${bike.name}`, headingIs, [bike.name]);
        await waitFor(engine, "hydration", isHydrated, []);
        expect((await guestCart()).filter(([id]) => id === bike.id)).toEqual([]);
        const waiting = (count: string) =>
          document.querySelector('[data-testid="offline-banner"]')?.getAttribute("data-waiting") === count;
        await shop.main.down();
        try {
          await engine.evaluate(() => {
            Object.defineProperty(Navigator.prototype, "onLine", { configurable: true, get: () => false });
            window.dispatchEvent(new Event("offline"));
          });
          await clickOn(engine, "#main button", "Add To Cart");
          await waitFor(engine, "the cart change waiting", waiting, ["1"]);
        } finally {
          await shop.main.up();
        }
        // Awake and in range; the browser still says offline and tells nothing more.
        await engine.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
        await waitFor(
          engine,
          "the offline banner gone",
          () => !document.querySelector('[data-testid="offline-banner"]'),
          [],
          120_000,
        );
        expect(await engine.evaluate(() => navigator.onLine)).toBe(false);
        expect((await guestCart()).filter(([id]) => id === bike.id)).toEqual([[bike.id, 1]]);
      },
      JOURNEY_MS,
    );

    it(
      "French and another currency: the shop's texts in French, prices with another currency's symbol",
      async () => {
        const bike = products[2]!;
        await engine.goto(`${shop.main.origin}/product/${bike.url_key}`);
        await waitFor(engine, "hydration", isHydrated, []);
        await waitFor(
          engine,
          "rupee prices",
          () => document.querySelector('[data-testid="free-delivery"]')?.textContent?.includes("₹"),
          [],
        );
        await engine.select("#language-desktop", "fr");
        await waitFor(
          engine,
          "the shop in French",
          () =>
            document.documentElement.lang === "fr" &&
            Array.from(document.querySelectorAll("a")).some((a) => a.textContent?.trim() === "À propos") &&
            !!document
              .querySelector('[data-testid="free-delivery"]')
              ?.textContent?.includes("Livraison gratuite"),
          [],
        );
        await engine.select("#currency-desktop", "EUR");
        await waitFor(
          engine,
          "euro prices",
          () => {
            const bar = document.querySelector('[data-testid="free-delivery"]')?.textContent ?? "";
            const main = document.querySelector("#main")?.textContent ?? "";
            return bar.includes("€") && !bar.includes("₹") && main.includes("€");
          },
          [],
        );
        // Both choices are kept: the next page opens in French, in euros.
        await engine.goto(`${shop.main.origin}/catalog`);
        await waitFor(
          engine,
          "the catalogue in French, in euros",
          () =>
            document.documentElement.lang === "fr" &&
            !!document.querySelector('[data-testid="free-delivery"]')?.textContent?.includes("€"),
          [],
        );
        expect(await takePageErrors(engine)).toEqual([]);
        // Back to English and rupees for what follows.
        await engine.select("#language-desktop", "en");
        await waitFor(engine, "the shop in English", () => document.documentElement.lang === "en", []);
        await engine.select("#currency-desktop", "INR");
        await waitFor(
          engine,
          "rupee prices",
          () => document.querySelector('[data-testid="free-delivery"]')?.textContent?.includes("₹"),
          [],
        );
      },
      JOURNEY_MS,
    );

    it(
      "a page left while its code is still loading never reloads back to it: the browser ends at the address typed",
      async () => {
        // Another origin: a first visit, no service worker (its code comes from the network, where the front
        // holds it). The page's late code (the service worker's helper and the sliders, the scripts named in
        // issue 39) is held until the shopper has left.
        const front = shop.fresh;
        const bike = products[0]!;
        const product = `/product/${bike.url_key}`;
        const late = front.hold(
          (path, req) => req.method === "GET" && /^\/assets\/(workbox-window|swiper)[^/]*\.js$/.test(path),
        );
        const next = front.hold((path) => path === "/contact");
        try {
          await engine.evaluate((url: string) => void location.assign(url), `${front.origin}${product}`);
          await waitFor(engine, `the page of ${bike.name}`, headingIs, [bike.name]);
          await waitFor(engine, "hydration", isHydrated, []);
          await waitUntil("a late script requested", () => late.held.length > 0);
          // The next page answers once the browser has given up on the late scripts (Firefox does at the
          // start of the navigation) and the left page had a moment to react, or after a while if it does not.
          const answered = (async () => {
            await waitUntil(
              "the late scripts given up",
              () => late.held.every((h) => h.closedByBrowser),
              8_000,
            ).catch(() => undefined);
            await sleep(1500);
            next.release();
            late.release();
          })();
          // A typed address: the driver's navigation. A reload of the left page would interrupt it.
          const navigated = await engine.goto(`${front.origin}/contact`).then(
            () => "",
            (error: unknown) => String(error),
          );
          await answered;
          // Where the browser is once a page is up: the contact page (a reload of the left page would cancel
          // that navigation and bring the product page back instead).
          const landed = await waitFor(
            engine,
            "a page up after the navigation",
            () => ("hydrated" in document.documentElement.dataset ? location.pathname : ""),
            [],
          );
          expect(landed).toBe("/contact");
          // Still there a moment later, and the left page was never asked for again.
          await sleep(3000);
          expect(await engine.evaluate(() => location.pathname)).toBe("/contact");
          expect(front.requests.filter((r) => r.path === product).length).toBe(1);
          expect(navigated).toBe("");
        } finally {
          next.release();
          late.release();
        }
      },
      JOURNEY_MS,
    );

    it(
      "a page left while the code of the page it was opening loads never reloads: the browser ends at the address typed",
      async () => {
        const front = shop.fresh;
        await engine.goto(`${front.origin}/contact`);
        await waitFor(engine, "hydration", isHydrated, []);
        // From now on the shop's code is held: the catalogue the shopper opens next cannot arrive.
        const code = front.hold((path, req) => req.method === "GET" && /^\/assets\/.+\.js$/.test(path));
        const next = front.hold((path) => path === "/about-us");
        try {
          // What the left page shows until it is gone: at each change, every 100 ms, and when it began to be left.
          await engine.evaluate((key: string) => {
            const note = (text: string) => {
              const list = JSON.parse(sessionStorage.getItem(key) ?? "[]") as string[];
              list.push(text);
              sessionStorage.setItem(key, JSON.stringify(list));
            };
            const look = () => note(document.querySelector("#main")?.textContent?.trim() ?? "");
            addEventListener("beforeunload", () => note("(leaving)"));
            new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
            setInterval(look, 100);
          }, LEFT_PAGE_KEY);
          await clickOn(engine, 'a[href^="/catalog/"]');
          await waitUntil("the catalogue's code requested", () => code.held.length > 0);
          const list = await engine.evaluate(() => location.pathname);
          expect(list).toMatch(/^\/catalog\//);
          const answered = (async () => {
            await waitUntil(
              "the code given up",
              () => code.held.every((h) => h.closedByBrowser),
              8_000,
            ).catch(() => undefined);
            await sleep(1500);
            next.release();
            code.release();
          })();
          const navigated = await engine.goto(`${front.origin}/about-us`).then(
            () => "",
            (error: unknown) => String(error),
          );
          await answered;
          const landed = await waitFor(
            engine,
            "a page up after the navigation",
            () => ("hydrated" in document.documentElement.dataset ? location.pathname : ""),
            [],
          );
          expect(landed).toBe("/about-us");
          await sleep(3000);
          expect(await engine.evaluate(() => location.pathname)).toBe("/about-us");
          // The list being opened was never loaded from the server as a page (a reload would have).
          expect(front.requests.filter((r) => r.path.split("?")[0] === list)).toEqual([]);
          expect(navigated).toBe("");
          // The left page was watched while it was being left: the shop never vanished from it (the toast
          // host's dropped import once took the whole app down), and the code the browser dropped because the
          // page was being left never showed as an error (decision 055), nor logged one.
          const seen = await engine.evaluate(
            (key: string) => JSON.parse(sessionStorage.getItem(key) ?? "[]") as string[],
            LEFT_PAGE_KEY,
          );
          expect(seen.slice(seen.indexOf("(leaving)") + 1).length).toBeGreaterThan(0);
          expect(seen.filter((text) => text === "")).toEqual([]);
          expect(seen.filter((text) => /Something went wrong|could not be loaded/.test(text))).toEqual([]);
          expect(await takePageErrors(engine)).toEqual([]);
        } finally {
          next.release();
          code.release();
        }
      },
      JOURNEY_MS,
    );

    showroomJourneys({
      shop: () => shop,
      engine: () => engine,
      products: () => products,
      waitFor: (e, what, fn, args, timeout) => waitFor(e as Engine, what, fn, args, timeout),
      clickOn: (e, selector, text) => clickOn(e as Engine, selector, text),
      takePageErrors: (e) => takePageErrors(e as Engine),
      waitForWorker: (e, origin) => waitForWorker(e as Engine, origin),
    });
  });
}
