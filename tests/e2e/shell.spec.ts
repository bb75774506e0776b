import { expect } from "@playwright/test";
import { test } from "./fixtures";
import {
  BLOG_VARIANT_PATHS,
  HOME_VARIANT_PATHS,
  PRODUCT_VARIANT_PATHS,
  SHOP_VARIANT_PATHS,
} from "../../src/routes/template-paths";

test("the home page switches to French and German and back", async ({ page }) => {
  await page.goto("/");
  const desktop = page.getByRole("navigation", { name: "Main menu" });
  await expect(desktop.getByRole("link", { name: "About Us" })).toBeVisible();
  await page.getByLabel("Language").selectOption("fr");
  await expect(
    page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "À propos" }),
  ).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await page.reload();
  await expect(page.getByRole("button", { name: "Types de vélos" })).toBeVisible();
  await page.getByLabel("Langue").selectOption("de");
  await expect(page.getByRole("button", { name: "Fahrradtypen" })).toBeVisible();
  await expect(page.getByTestId("free-delivery")).toContainText("Kostenlose Lieferung ab");
});

test("a legacy stored language fn opens the shop in French", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("language", "fn"));
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Types de vélos" })).toBeVisible();
});

test("the free-delivery amount follows the chosen currency", async ({ page }) => {
  await page.goto("/");
  const bar = page.getByTestId("free-delivery");
  await expect(bar).toContainText("₹");
  await page.getByLabel("Currency").selectOption("USD");
  await expect(bar).toContainText("$200.00");
  await page.getByLabel("Currency").selectOption("EUR");
  await expect(bar).toContainText("€");
  const eur = await bar.textContent();
  await page.getByLabel("Currency").selectOption("GBP");
  await expect(bar).toContainText("£");
  expect(await bar.textContent()).not.toBe(eur);
  await page.reload();
  await expect(bar).toContainText("£");
});

test("the bicycle types menu lists the categories and opens a catalogue", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Bicycles Types" }).click();
  await page.getByRole("menuitem", { name: "Mountain Bikes" }).click();
  await expect(page).toHaveURL(/\/catalog\/mountain-bikes/);
});

test("an unknown path shows the not-found page", async ({ page }) => {
  await page.goto("/no-such-page/at-all");
  await expect(page.getByText("Page Not found")).toBeVisible();
  await page.goto("/not-found");
  await expect(page.getByText("Page Not found")).toBeVisible();
});

test("the scroll-to-top button appears after scrolling and takes the shopper back up", async ({ page }) => {
  // A short window, so that even a short page scrolls past the 100 px threshold.
  await page.setViewportSize({ width: 1280, height: 300 });
  await page.goto("/page/about-us");
  const button = page.getByRole("button", { name: "Scroll to top" });
  await expect(button).toHaveCount(0);
  // Scroll again on each try: a wheel sent while the page is still loading may be lost.
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 1500);
      return button.isVisible();
    })
    .toBe(true);
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("the scroll-to-top button also appears for a page that was scrolled once, right as it opened", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 300 });
  await page.goto("/page/about-us");
  // The page's text is there (the page is long enough: the sanitised content renders after hydration); then
  // one scroll only, as early as possible: the footer, and with it the button's scroll listener, may mount after it.
  await expect(page.locator("main").getByText("Fifty years of building bicycles")).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 100_000));
  await expect(page.getByRole("button", { name: "Scroll to top" })).toBeVisible();
});

test("a page change starts at the top of the new page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 300 });
  await page.goto("/contact");
  // Scroll again on each try: the page may still be growing while its data loads.
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 3000);
      return page.evaluate(() => window.scrollY);
    })
    .toBeGreaterThan(100);
  await page.locator("footer").getByRole("link", { name: "About Us" }).click();
  await expect(page).toHaveURL(/\/page\/about-us$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("going back to a list returns to where the shopper was on it", async ({ page }) => {
  // Scroll restoration adds nothing to the server's page that fails its hydration (an inline script the CSP
  // blocks would).
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto("/catalog/mountain-bikes");
  const cards = page.locator("#main article");
  await expect(cards.first()).toBeVisible();
  // Down the list, to a card further down.
  const card = cards.nth(7);
  await card.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  const listY = await page.evaluate(() => window.scrollY);
  const href = (await card.getByRole("link").first().getAttribute("href"))!;
  await card.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/product\//);
  // A new page starts at the top (SPEC §2)...
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // ...and going back lands where the list was left, not at its top.
  await page.goBack();
  await expect(page).toHaveURL(/\/catalog\/mountain-bikes$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(listY - 50);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(listY + 50);
  // A page opened by its address: server-rendered and hydrated.
  await page.goto(href);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the mobile menu mirrors the header, with three currencies", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Mobile menu" });
  await expect(menu.getByRole("link", { name: "Contact Us" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Road Bikes" })).toBeVisible();
  const options = await menu.getByLabel("Currency").locator("option:not([disabled])").allTextContents();
  expect(options.map((o) => o.split(" ")[0])).toEqual(["USD", "EUR", "GBP"]);
});

const ROUTES = [
  "/",
  "/huge-home",
  "/page/about-us",
  "/catalog/mountain-bikes",
  "/catalog",
  "/contact",
  "/my-account",
  "/login-register",
  "/cart",
  "/wishlist",
  "/compare",
  "/checkout",
  "/ordersuccess/1",
  ...SHOP_VARIANT_PATHS,
  ...PRODUCT_VARIANT_PATHS.map((p) => `${p}/1`),
  ...BLOG_VARIANT_PATHS,
  ...HOME_VARIANT_PATHS,
];

test("every route of the specification answers with its own page", async ({ page }) => {
  // About a hundred pages, each loaded and hydrated: minutes on a busy 2-core machine.
  test.setTimeout(420_000);
  for (const path of ROUTES) {
    await page.goto(path);
    await expect(page.locator("main"), path).toBeVisible();
    await expect(page.getByText("Page Not found"), path).toHaveCount(0);
  }
});

test("the header and footer fit a phone's and a small laptop's width in every language, with the install offer", async ({
  page,
}) => {
  for (const language of ["en", "fr", "de"]) {
    await page.addInitScript((lang) => localStorage.setItem("language", lang), language);
    for (const width of [360, 412, 900, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/catalog/mountain-bikes");
      const install = page.getByRole("button", {
        name: /^(Install app|Installer l'application|App installieren)$/,
      });
      // What Chromium fires where the shop can be installed: the header then offers 'Install app' too
      // (fired again until the page, hydrated, listens).
      await expect(async () => {
        await page.evaluate(() => {
          const offer = Object.assign(new Event("beforeinstallprompt"), {
            prompt: async () => {},
            userChoice: Promise.resolve({ outcome: "dismissed" }),
          });
          window.dispatchEvent(offer);
        });
        await expect(install).toBeVisible({ timeout: 1000 });
      }, `${language} ${width}`).toPass();
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${language} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
      const cart = await page.getByTestId("cart-count").boundingBox();
      expect(
        cart && cart.x + cart.width,
        `${language} ${width}: the cart's count is on the screen`,
      ).toBeLessThanOrEqual(width);
    }
  }
});

test.describe("on an iPhone, where Safari never offers installation", () => {
  test.use({
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    viewport: { width: 390, height: 844 },
  });

  test("'Install app' explains Share, then Add to Home Screen, and that the installed app has its own storage", async ({
    page,
  }) => {
    await page.goto("/");
    const install = page.getByRole("button", { name: "Install app" });
    await expect(install).toBeVisible();
    await expect(install).toHaveAttribute("aria-expanded", "false");
    await install.click();
    await expect(install).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("note")).toHaveText(
      "To install the shop, tap Share, then Add to Home Screen. The installed app keeps its own saved pages and cart: open it once while online.",
    );
    await install.click();
    await expect(page.getByRole("note")).toHaveCount(0);
  });
});

test("without an install offer (a desktop browser that has none) there is no 'Install app'", async ({
  page,
}) => {
  // (goto returns once the page is hydrated: the iPhone's button would be there by then.)
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Install app" })).toHaveCount(0);
});

test("on a phone the product information tabs scroll, and the tab the keyboard moves to comes whole into view", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const product = (
    (await (await request.get("/api/products?limit=1")).json()) as { data: { url_key: string }[] }
  ).data[0]!;
  await page.goto(`/product/${product.url_key}`);
  const bar = page.getByRole("tablist", { name: "Product information" });
  const tabs = bar.getByRole("tab");
  // Wider than the screen: the bar scrolls sideways (the page itself does not).
  expect(await bar.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const whollyInView = (i: number) =>
    bar.evaluate((el, i) => {
      const tab = el.querySelectorAll('[role="tab"]')[i]!.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return tab.left >= box.left - 0.5 && tab.right <= box.right + 0.5;
    }, i);
  const last = (await tabs.count()) - 1;
  // The last tab chosen with a tap, then the arrows back to the first, then End and Home.
  await tabs.nth(last).click();
  for (let i = last - 1; i >= 0; i--) {
    await page.keyboard.press("ArrowLeft");
    await expect(tabs.nth(i)).toBeFocused();
    expect(await whollyInView(i)).toBe(true);
  }
  await page.keyboard.press("End");
  await expect(tabs.nth(last)).toBeFocused();
  expect(await whollyInView(last)).toBe(true);
  await page.keyboard.press("Home");
  await expect(tabs.first()).toBeFocused();
  expect(await whollyInView(0)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("on a phone a filled cart's table scrolls inside itself: the page does not scroll sideways", async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto("/product/corsa-lite");
  const options = page.getByRole("region", { name: "Product options" });
  await options.getByRole("button", { name: "black", exact: true }).click();
  await options.getByRole("button", { name: "m", exact: true }).click();
  await options.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page.getByText("Added To Cart").first()).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  const table = page.getByRole("table", { name: "Your cart items" });
  // The table is wider than the phone; its container scrolls, not the page.
  expect(await table.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(412);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
});
