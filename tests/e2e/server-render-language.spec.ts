// Issue 16 item 2: a French or German shopper's first page is rendered by the server in their language
// (the `lang` cookie the language switcher sets), and hydration keeps it: nothing is re-rendered or flips.
// Likewise the prices, in the shopper's currency (the `currency` cookie).
// docs/decisions/029-the-first-page-is-rendered-in-the-shoppers-language.md,
// docs/decisions/032-the-first-page-shows-the-shoppers-currency.md
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { aMountainBike, collectErrors, watchServerElements } from "./shopper";

async function cookie(page: Page, name: string): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === name)?.value;
}

const langCookie = (page: Page) => cookie(page, "lang");

/** The product's price as the server's HTML shows it. */
const priceIn = (html: string) => /data-testid="price"[^>]*>([^<]*)</.exec(html)?.[1];

test("a shopper who chose French gets French server HTML, hydrated as it is; back to English likewise", async ({
  page,
  request,
}) => {
  const bike = await aMountainBike(request);
  const path = `/product/${bike.url_key}`;
  const errors = collectErrors(page);

  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByLabel("Language").selectOption("fr");
  await expect(page.getByRole("navigation", { name: "Menu principal" })).toBeVisible();
  expect(await langCookie(page)).toBe("fr");

  // The document the server now sends (the browser's cookies go with page.request) is French.
  const french = await (await page.request.get(path)).text();
  expect(french).toContain('<html lang="fr">');
  expect(french).toContain('aria-label="Menu principal"');
  expect(french).toContain(">À propos</a>");
  expect(french).toContain("Ajouter au panier");
  expect(french).toContain('"locale":"fr"');

  await watchServerElements(page);
  await page.reload();
  await page.waitForLoadState("networkidle");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  // The server's elements are the ones shown, with the text they arrived with.
  await expect(page.locator("h1[data-seen]")).toHaveText(bike.name);
  const about = page
    .getByRole("navigation", { name: "Menu principal" })
    .getByRole("link", { name: "À propos" });
  await expect(about).toHaveAttribute("data-seen", "1");
  await expect(page.locator("[data-changed]")).toHaveCount(0);
  await expect(
    page.locator("#main").getByRole("button", { name: "Ajouter au panier", exact: true }).first(),
  ).toBeVisible();
  // Hydrated: the page answers (the client router takes a header link).
  await about.click();
  await expect(page).toHaveURL(/\/page\/about-us$/);
  await expect(page.getByRole("navigation", { name: "Fil d’Ariane" })).toBeVisible();

  // Back to English: the cookie follows, and so do the server's pages.
  await page.getByLabel("Langue").selectOption("en");
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  expect(await langCookie(page)).toBe("en");
  const english = await (await page.request.get(path)).text();
  expect(english).toContain('<html lang="en">');
  expect(english).toContain('aria-label="Main menu"');
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("h1[data-seen]")).toHaveText(bike.name);
  await expect(
    page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "About Us" }),
  ).toHaveAttribute("data-seen", "1");
  await expect(page.locator("[data-changed]")).toHaveCount(0);

  expect(errors.filter((e) => !/service worker/i.test(e))).toEqual([]);
});

// Issue 38: each language has an address a crawler (no cookie) reaches, named by every page (hreflang); a
// shopper who follows it gets the page in that language, hydrated as it is, and keeps the language.
test("a page's German address is German without a cookie, names its other languages, and is kept", async ({
  page,
  request,
}) => {
  const bike = await aMountainBike(request);
  const path = `/product/${bike.url_key}`;
  const crawled = await (await request.get(`${path}?lang=de`, { headers: { Cookie: "" } })).text();
  expect(crawled).toContain('<html lang="de">');
  expect(crawled).toContain("In den Warenkorb");
  expect(crawled).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${path}\\?lang=de">`));
  expect(crawled).toMatch(new RegExp(`hreflang="fr" href="[^"]*${path}\\?lang=fr"`));
  expect(crawled).toMatch(new RegExp(`hreflang="x-default" href="[^"]*${path}"`));

  const errors = collectErrors(page);
  await watchServerElements(page);
  await page.goto(`${path}?lang=de`);
  await page.waitForLoadState("networkidle");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.locator("h1[data-seen]")).toHaveText(bike.name);
  await expect(page.locator("[data-changed]")).toHaveCount(0);
  await expect(
    page.locator("#main").getByRole("button", { name: "In den Warenkorb", exact: true }).first(),
  ).toBeVisible();
  expect(await langCookie(page)).toBe("de");
  // The next page, without the parameter, stays German.
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  expect(errors.filter((e) => !/service worker/i.test(e))).toEqual([]);
});

test("a language stored before the cookie existed wins, and sets the cookie for the next page", async ({
  page,
}) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("seeded")) {
      localStorage.setItem("language", "de");
      sessionStorage.setItem("seeded", "1");
    }
  });
  await page.goto("/page/about-us");
  await expect(page.getByRole("navigation", { name: "Hauptmenü" })).toBeVisible();
  expect(await langCookie(page)).toBe("de");
  const german = await (await page.request.get("/page/about-us")).text();
  expect(german).toContain('<html lang="de">');
  expect(german).toContain('aria-label="Hauptmenü"');
});

test("a shopper who chose euros gets euro prices in the server's HTML, hydrated as they are", async ({
  page,
  request,
}) => {
  const bike = await aMountainBike(request);
  const path = `/product/${bike.url_key}`;
  const errors = collectErrors(page);
  const price = page.locator("#main [data-testid='price']").first();

  await page.goto(path);
  const rupees = await price.textContent();
  expect(rupees).toContain("₹");
  // No choice yet: no cookie, and the server's page is in rupees.
  expect(await cookie(page, "currency")).toBeUndefined();
  expect(priceIn(await (await page.request.get(path)).text())).toBe(rupees);

  await page.getByLabel("Currency").selectOption("EUR");
  await expect(price).toContainText("€");
  const euros = await price.textContent();
  expect(await cookie(page, "currency")).toBe("EUR");
  expect(priceIn(await (await page.request.get(path)).text())).toBe(euros);

  // Reloaded: the server's price element is the one shown, with the text it arrived with.
  await watchServerElements(page, ["#main [data-testid='price']"]);
  await page.reload();
  await page.waitForLoadState("networkidle");
  await expect(page.locator("#main [data-testid='price'][data-seen]").first()).toHaveText(euros!);
  await expect(page.locator("[data-changed]")).toHaveCount(0);
  await expect(page.getByLabel("Currency")).toHaveValue("EUR");

  expect(errors.filter((e) => !/service worker/i.test(e))).toEqual([]);
});

test("a currency stored before the cookie existed wins, and sets the cookie for the next page", async ({
  page,
  request,
}) => {
  const bike = await aMountainBike(request);
  const path = `/product/${bike.url_key}`;
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("seeded")) {
      localStorage.setItem("currency", "GBP");
      sessionStorage.setItem("seeded", "1");
    }
  });
  await page.goto(path);
  // The server rendered rupees (it had no cookie); the page follows the stored choice once hydrated.
  await expect(page.locator("#main [data-testid='price']").first()).toContainText("£");
  expect(await cookie(page, "currency")).toBe("GBP");
  expect(priceIn(await (await page.request.get(path)).text())).toContain("£");
});
