import { expect, test } from "./offline-fixtures";
import {
  addToCartButton,
  openProductPages,
  registerAndLogin,
  serverCart,
  serverWishlist,
  startWithWorker,
  waitForServiceWorker,
} from "./offline-helpers";

test("pages seen online open again offline after a reload, with images and a language switch; an unseen page says it is offline", async ({
  page,
  context,
  request,
}) => {
  const [a, b, unseen] = await startWithWorker(page, request, 3);
  await page.goto("/catalog");
  await expect(page.locator("#main img").first()).toBeVisible();
  for (const p of [a!, b!]) {
    await page.goto(`/product/${p.url_key}`);
    await expect(page.getByRole("heading", { level: 1, name: p.name })).toBeVisible();
    await expect(page.locator("#main img").first()).toBeVisible();
  }

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId("offline-banner")).toHaveAttribute("data-online", "false");
  await expect(page.getByRole("heading", { level: 1, name: b!.name })).toBeVisible();
  const image = page.locator("#main img").first();
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.goto(`/product/${a!.url_key}`);
  await expect(page.getByRole("heading", { level: 1, name: a!.name })).toBeVisible();
  // Prices and stock from the device's copy say from when.
  await expect(
    page.getByRole("note").filter({ hasText: /Prices and stock as of .+ \(offline\)/ }),
  ).toBeVisible();
  await page.goto("/catalog");
  await expect(page.locator("#main img").first()).toBeVisible();
  await expect(page.getByRole("note").filter({ hasText: /Prices and stock as of/ })).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("banner")).toBeVisible();

  // The three compiled catalogues are precached: switching language works offline.
  await page.getByLabel("Language").first().selectOption("fr");
  await expect(page.getByRole("link", { name: "Accueil" }).first()).toBeVisible();
  await page.getByLabel("Langue").first().selectOption("de");
  await expect(page.getByLabel("Sprache").first()).toBeVisible();
  await page.getByLabel("Sprache").first().selectOption("en");
  await expect(page.getByLabel("Language").first()).toBeVisible();

  await page.goto(`/product/${unseen!.url_key}`);
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await context.setOffline(false);
});

test("cart, wishlist and compare changes made offline survive a reload and reach the server exactly once", async ({
  page,
  context,
  request,
}) => {
  const [a, b] = await startWithWorker(page, request, 2);
  await registerAndLogin(page, "outbox");
  await openProductPages(page, [a!, b!]);
  await page.goto("/cart");
  await page.goto("/wishlist");
  await page.goto("/compare");

  await context.setOffline(true);
  await page.goto(`/product/${a!.url_key}`);
  await addToCartButton(page).click();
  await page.locator("#main").getByRole("button", { name: "Add to wishlist" }).first().click();
  await page.locator("#main").getByRole("button", { name: "Add to compare" }).first().click();
  await page.goto(`/product/${b!.url_key}`);
  await addToCartButton(page).click();
  await page.locator("#main").getByRole("button", { name: "Add to wishlist" }).first().click();
  await page.locator("#main").getByRole("button", { name: "Remove from wishlist" }).first().click();
  await page.goto("/cart");
  await page.getByRole("button", { name: `Increase the quantity of ${a!.name}` }).click();
  await page.getByRole("button", { name: `Increase the quantity of ${a!.name}` }).click();
  await page.getByRole("button", { name: `Decrease the quantity of ${a!.name}` }).click();
  // Five changes wait (two adds, the last quantity of A, two wishlist intents of which B's last one wins: the
  // add then remove of B is one "out" intent), shown as four entries, as the header lists them: A's add and
  // quantity are one ("Add A × 2 to cart").
  await expect(page.getByTestId("offline-banner")).toHaveAttribute("data-waiting", "4");

  await page.reload();
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(page.getByRole("status", { name: `Quantity of ${a!.name}` })).toHaveText("2");
  await page.goto("/wishlist");
  await expect(page.getByTestId("wishlist-line")).toHaveCount(1);
  await expect(page.getByTestId("wishlist-line")).toContainText(a!.name);
  await page.goto("/compare");
  await expect(page.locator("#main")).toContainText(a!.name);
  await expect(page.getByTestId("offline-banner")).toHaveAttribute("data-waiting", "4");
  expect(await serverCart(page)).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByTestId("outbox-summary")).toHaveAttribute("data-synced", "4");
  // Prices did not change meanwhile: the summary reports no price change (no false alarm).
  await expect(page.getByTestId("outbox-summary")).toHaveAttribute("data-price-changed", "0");
  await expect(page.getByTestId("offline-banner")).toHaveCount(0);
  expect(await serverCart(page)).toEqual(
    [
      [a!.id, 2],
      [b!.id, 1],
    ].sort((x, y) => x[0]! - y[0]!),
  );
  expect(await serverWishlist(page)).toEqual([a!.id]);

  // Exactly once: another reload and replay chance change nothing.
  await page.reload();
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  expect(await serverCart(page)).toEqual(
    [
      [a!.id, 2],
      [b!.id, 1],
    ].sort((x, y) => x[0]! - y[0]!),
  );
  expect(await serverWishlist(page)).toEqual([a!.id]);
});

test("the web app manifest and service worker make the shop installable in Chromium", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await waitForServiceWorker(page);
  const manifest = (await (await page.request.get("/manifest.webmanifest")).json()) as {
    display: string;
    start_url: string;
    icons: { src: string; sizes: string; purpose?: string }[];
    screenshots: unknown[];
  };
  expect(manifest.display).toBe("standalone");
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? "any"}`).sort()).toEqual([
    "192x192 any",
    "192x192 maskable",
    "512x512 any",
    "512x512 maskable",
  ]);
  for (const icon of manifest.icons) {
    const reply = await page.request.get(icon.src);
    expect(reply.headers()["content-type"]).toBe("image/png");
  }
  expect(manifest.screenshots.length).toBeGreaterThan(0);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
    installabilityErrors: { errorId: string }[];
  };
  // Playwright's contexts are incognito, which Chromium never offers to install; every other check passes.
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
});
