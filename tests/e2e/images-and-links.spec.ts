// Issue 16 item 3: no layout shift, good links. On one address per route family of SPEC.md, in the page the
// shopper gets: every image has its box before it loads, the first screen's largest image is fetched first
// (fetchpriority=high or a preload in the head), and every link says where it goes.
import { expect, type Page, type Route } from "@playwright/test";
import { test } from "./fixtures";
import type { ApiProduct } from "./offline-helpers";

/** Link texts that do not say where a link goes (Lighthouse's "link-text" list for en, de, plus French). */
const GENERIC_LINK_TEXTS = new Set([
  "",
  "click here",
  "click this",
  "go",
  "here",
  "information",
  "learn more",
  "more",
  "more info",
  "more information",
  "read more",
  "see more",
  "start",
  "this",
  "hier",
  "hier klicken",
  "mehr",
  "weiterlesen",
  "weiter lesen",
  "lire la suite",
  "en savoir plus",
  "plus",
  "ici",
  "cliquez ici",
]);

const MOBILE = { width: 412, height: 823 };
const DESKTOP = { width: 1350, height: 940 };

async function firstProduct(page: Page): Promise<ApiProduct> {
  const reply = await page.request.get("/api/products?limit=1");
  const [product] = ((await reply.json()) as { data: ApiProduct[] }).data;
  if (!product) throw new Error("the sample data has no product");
  return product;
}

/**
 * One address per route family (the ones `bench:lighthouse --all` measures, and the not-found page), and
 * whether its first screen on a desktop has a large image (the LCP candidate); the others' is text.
 */
const FAMILIES: [family: string, path: (p: ApiProduct) => string, imageFirst: boolean][] = [
  ["home", () => "/", true],
  ["home, template variant", () => "/home-fashion", true],
  ["catalogue (shop grid)", () => "/catalog/mountain-bikes", true],
  ["shop list variant", () => "/shop-list-standard", true],
  ["product", (p) => `/product/${p.url_key}`, true],
  ["product layout variant", (p) => `/product-tab-left/${p.id}`, true],
  ["content page", () => "/page/about-us", false],
  ["blog list", () => "/blog-standard", true],
  ["blog post", () => "/blog-details-standard", true],
  ["contact", () => "/contact", false],
  ["cart", () => "/cart", false],
  ["wishlist", () => "/wishlist", false],
  ["compare", () => "/compare", false],
  ["checkout", () => "/checkout", false],
  ["login-register", () => "/login-register", false],
  ["my-account", () => "/my-account", false],
  ["not-found", () => "/no-such-page", false],
];

/**
 * Holds every image response until `release()`: what the page shows meanwhile is the box the markup and CSS
 * reserve, the box a shopper sees before the image arrives.
 */
async function holdImages(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let holding = true;
  await page.route("**/*", (route) => {
    if (holding && route.request().resourceType() === "image") held.push(route);
    else void route.fallback();
  });
  return async () => {
    holding = false;
    await Promise.all(held.splice(0).map((r) => r.fallback().catch(() => {})));
  };
}

interface ImageBox {
  src: string;
  width: string | null;
  height: string | null;
  aspectRatio: string;
  boxWidth: number;
  boxHeight: number;
  top: number;
  loading: string | null;
  fetchPriority: string | null;
  complete: boolean;
  preloaded: boolean;
}

/** Every rendered <img> of the page (not those inside a `display: none` part), with its box now. */
function imageBoxes(page: Page): Promise<ImageBox[]> {
  return page.evaluate(() => {
    const preloads = new Set(
      [...document.head.querySelectorAll<HTMLLinkElement>("link[rel=preload][as=image]")].map((l) => l.href),
    );
    return [...document.images]
      .filter((img) => img.getClientRects().length > 0)
      .map((img) => {
        const rect = img.getBoundingClientRect();
        return {
          src: img.currentSrc || img.src,
          width: img.getAttribute("width"),
          height: img.getAttribute("height"),
          aspectRatio: getComputedStyle(img).aspectRatio,
          boxWidth: rect.width,
          boxHeight: rect.height,
          top: rect.top + window.scrollY,
          loading: img.getAttribute("loading"),
          fetchPriority: img.getAttribute("fetchpriority"),
          complete: img.complete && img.naturalWidth > 0,
          preloaded: preloads.has(img.src),
        };
      });
  });
}

/** The accessible names of the links in the accessibility tree, and the visible text of each visible link. */
async function linkNames(page: Page): Promise<{ names: string[]; texts: { text: string; href: string }[] }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
      nodes: { ignored: boolean; role?: { value: string }; name?: { value: string } }[];
    };
    const names = nodes
      .filter((n) => !n.ignored && n.role?.value === "link")
      .map((n) => (n.name?.value ?? "").trim());
    // What search engines read (Lighthouse's link-text audit): the link's rendered text, aria-label aside.
    const texts = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>("a[href]")]
        .filter((a) => a.checkVisibility() && !a.closest("[aria-hidden=true]"))
        .map((a) => ({ text: a.innerText.replace(/\s+/g, " ").trim(), href: a.getAttribute("href") ?? "" })),
    );
    return { names, texts };
  } finally {
    await cdp.detach();
  }
}

/** The page's headings in document order, as assistive technology gets them (level 1 to 6). */
function headingLevels(page: Page): Promise<{ level: number; text: string }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("h1,h2,h3,h4,h5,h6,[role=heading]")]
      .filter((h) => h.getClientRects().length > 0 && !h.closest("[aria-hidden=true]"))
      .map((h) => ({
        level: Number(h.getAttribute("aria-level") ?? h.tagName.slice(1)),
        text: h.innerText.trim(),
      })),
  );
}

const isGeneric = (text: string) => GENERIC_LINK_TEXTS.has(text.toLowerCase().replace(/[.…:!]+$/, ""));

for (const [family, pathOf, imageFirst] of FAMILIES) {
  test(`${family}: images keep their box before they load, the largest first-screen image is fetched first, links say where they go`, async ({
    page,
  }) => {
    const path = pathOf(await firstProduct(page));
    for (const viewport of [MOBILE, DESKTOP]) {
      await test.step(`${viewport.width}×${viewport.height}`, async () => {
        await page.setViewportSize(viewport);
        const release = await holdImages(page);
        // Not "load": that waits for the held images.
        await page.goto(path, { waitUntil: "domcontentloaded" });
        const boxes = await imageBoxes(page);
        for (const img of boxes) {
          const reserved =
            (Number(img.width) > 0 && Number(img.height) > 0) || img.aspectRatio.trim() !== "auto";
          expect(reserved, `${img.src} has width and height or an aspect ratio`).toBe(true);
          // Not loaded yet (its reply is held) and still a box: nothing moves when it arrives.
          if (!img.complete) {
            expect(img.boxWidth * img.boxHeight, `${img.src} has a box before it loads`).toBeGreaterThan(0);
          }
        }
        // The largest image of the first screen is the page's LCP candidate: it is fetched first.
        const firstScreen = boxes.filter(
          (b) => b.top < viewport.height && b.boxWidth * b.boxHeight >= 150 * 150,
        );
        const largest = Math.max(0, ...firstScreen.map((b) => b.boxWidth * b.boxHeight));
        const lcp = firstScreen.find((b) => b.boxWidth * b.boxHeight >= largest * 0.95);
        if (viewport === DESKTOP) expect(Boolean(lcp), "the first screen has a large image").toBe(imageFirst);
        if (lcp) {
          expect(lcp.loading, `${lcp.src} is not lazy`).not.toBe("lazy");
          expect(
            lcp.fetchPriority === "high" || lcp.preloaded,
            `${lcp.src} has fetchpriority=high or a preload link`,
          ).toBe(true);
        }
        await release();
        await page.unrouteAll({ behavior: "ignoreErrors" });
      });
    }

    // Headings go down one level at a time (Lighthouse's heading-order audit).
    const headings = await headingLevels(page);
    const skips = headings.filter((h, i) => i > 0 && h.level > headings[i - 1]!.level + 1);
    expect(skips, `headings that skip a level after the one before (${JSON.stringify(headings)})`).toEqual(
      [],
    );

    const { names, texts } = await linkNames(page);
    expect(names.filter(isGeneric), "links whose accessible name says nothing").toEqual([]);
    expect(
      texts.filter((l) => l.text !== "" && isGeneric(l.text)),
      "links whose text says nothing",
    ).toEqual([]);
  });
}

test("cart, wishlist and compare with a product in them: its image keeps its box before it loads", async ({
  page,
}) => {
  const product = await firstProduct(page);
  await page.goto(`/product/${product.url_key}`);
  // The detail's own buttons come before the related products' cards.
  const detailButton = (name: string) =>
    page.locator("#main").getByRole("button", { name, exact: true }).first();
  await detailButton("Add To Cart").click();
  await expect(page.getByText("Added To Cart").first()).toBeVisible();
  await detailButton("Add to wishlist").click();
  await expect(page.getByText("Added To Wishlist")).toBeVisible();
  await detailButton("Add to compare").click();
  await expect(page.getByText("Added To Compare")).toBeVisible();

  for (const path of ["/cart", "/wishlist", "/compare"]) {
    const release = await holdImages(page);
    await page.goto(path, { waitUntil: "domcontentloaded" });
    await expect(page.locator("#main").getByRole("link", { name: product.name }).first()).toBeVisible();
    const boxes = await imageBoxes(page);
    expect(boxes.length, `${path} shows the product's image`).toBeGreaterThan(0);
    for (const img of boxes) {
      expect(Number(img.width) > 0 && Number(img.height) > 0, `${img.src} on ${path} has a size`).toBe(true);
      expect(img.boxWidth * img.boxHeight, `${img.src} on ${path} has a box before it loads`).toBeGreaterThan(
        0,
      );
    }
    await release();
    await page.unrouteAll({ behavior: "ignoreErrors" });
  }
});

test("the blog list's links say which post they open, in English, French and German", async ({ page }) => {
  // Each language as its shopper gets it: chosen in the header, then the server's page in that language.
  const languages = [
    ["en", "Language", /^read more$/i],
    ["fr", "Language", /^lire la suite$/i],
    ["de", "Langue", /^weiterlesen$/i],
  ] as const;
  await page.goto("/blog-standard");
  for (const [lang, switcher, generic] of languages) {
    if (lang !== "en") {
      await page.getByLabel(switcher, { exact: true }).selectOption(lang);
      // The choice is stored (cookie) once the language's catalogue has loaded, which <html lang> shows.
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await page.reload();
    }
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    const first = page.locator("#main article").first();
    const title = (await first.getByRole("heading").innerText()).trim();
    const readMore = first.getByRole("link").last();
    await expect(readMore).toHaveAccessibleName(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    expect((await readMore.innerText()).trim()).not.toMatch(generic);
  }
});

/** Sums the layout shifts (not caused by input) of the page's load, as CLS counts them. */
async function layoutShiftDuringLoad(page: Page, path: string): Promise<number> {
  await page.goto(path);
  // Every image of the page loaded (lazy ones below the fold are not fetched and keep their box).
  await page.waitForFunction(() =>
    [...document.images].every((img) => img.complete || img.loading === "lazy"),
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  return page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}

test("the blog list and a product page do not shift while they load", async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) w.__shift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  const product = await firstProduct(page);
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport);
    for (const path of ["/blog-standard", `/product/${product.url_key}`]) {
      const shift = await layoutShiftDuringLoad(page, path);
      expect(shift, `layout shift of ${path} at ${viewport.width}px`).toBeLessThan(0.01);
    }
  }
});
