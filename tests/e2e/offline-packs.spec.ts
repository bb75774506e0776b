import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./offline-fixtures";
import { deleteKeyval, waitForServiceWorker } from "./offline-helpers";

// Issue 18 item 1: "Save for offline" stores a category (products, details, options, reviews, images) on the
// device; offline, a product never opened shows its detail, every gallery image and its related products, and
// the list filters and sorts.

interface PackProduct {
  id: number;
  name: string;
  url_key: string;
  price: number | string;
  special_price?: number | string | null;
  discount: number;
  images: { large_image_url: string }[];
  variation: { color: string; image: string }[];
}

const SLUG = "mountain-bikes";

/** For each image of this part of the page (in document order), whether it loaded and shows (naturalWidth > 0). */
function imagesShown(scope: Locator): Promise<{ src: string; shown: boolean }[]> {
  return scope.locator("img").evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((img) => ({
      src: new URL(img.src).pathname,
      shown: img.complete && img.naturalWidth > 0,
    })),
  );
}

/** Bytes of every entry of the category's pack cache(s), and how many there are. */
async function packStorage(page: Page): Promise<{ caches: number; entries: number; bytes: number }> {
  return page.evaluate(async (slug) => {
    const names = (await caches.keys()).filter((n) => n.startsWith(`offline-pack-${slug}-`));
    let entries = 0;
    let bytes = 0;
    for (const name of names) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) {
        entries++;
        bytes += (await (await cache.match(req))!.blob()).size;
      }
    }
    return { caches: names.length, entries, bytes };
  }, SLUG);
}

test("a category saved for offline opens offline with every product, its image, filters and sort", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const reply = await request.get(`/api/products?cat_slug=${SLUG}&limit=100`);
  const { data: products } = (await reply.json()) as { data: PackProduct[] };
  expect(products.length).toBeGreaterThan(3);
  const newest = (await (
    await request.get("/api/products?category_id=1&sort=created_at&order=desc&limit=4")
  ).json()) as { data: PackProduct[] };
  const relatedCount = newest.data.filter((p) => p.id !== products.at(-1)!.id).length;

  await page.goto(`/catalog/${SLUG}`);
  await waitForServiceWorker(page);
  await expect(page.locator("#main article").first()).toBeVisible();

  // What it will take, then the save with its progress (recorded as it changes) and the toast.
  await page.getByRole("button", { name: "Save for offline" }).click();
  const dialog = page.getByRole("dialog", { name: "Save for offline" });
  const estimate = dialog.getByTestId("pack-estimate");
  await expect(estimate).toHaveText(new RegExp(`^${products.length} bicycles, about \\d+ kB$`));
  const announced = Number(await estimate.getAttribute("data-bytes"));
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { packProgress: string[] }).packProgress = seen;
    new MutationObserver(() => {
      const text = document.querySelector("[data-testid=pack-progress]")?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved for offline", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(dialog).toBeHidden();
  const progress = await page.evaluate(() => (window as unknown as { packProgress: string[] }).packProgress);
  expect(progress.length).toBeGreaterThan(0);
  for (const text of progress) expect(text).toMatch(new RegExp(`^Saved \\d+ of ${products.length}$`));
  expect(progress.at(-1)).toBe(`Saved ${products.length} of ${products.length}`);

  // The size it announced, within ±20 % of the bytes actually stored.
  const stored = await packStorage(page);
  expect(stored.caches).toBe(1);
  expect(Math.abs(stored.bytes - announced) / stored.bytes).toBeLessThanOrEqual(0.2);

  // The account menu leads to the page listing it with its size and date.
  await page.getByRole("button", { name: "Account" }).click();
  await page.getByRole("menuitem", { name: "Saved for offline" }).click();
  await expect(page).toHaveURL(/\/saved-offline$/);
  const row = page.getByTestId("saved-pack");
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("heading", { name: "Mountain Bikes" })).toBeVisible();
  await expect(row.getByTestId("saved-pack-details")).toHaveText(
    new RegExp(`^${products.length} bicycles · \\d+ kB$`),
  );
  await expect(row.getByText(/^Saved on .*\d{4}/)).toBeVisible();

  // Offline: a product never opened shows its detail and its image, loaded from the pack.
  await context.setOffline(true);
  const never = products.at(-1)!;
  await page.goto(`/product/${never.url_key}`);
  await expect(page.getByRole("heading", { level: 1, name: never.name })).toBeVisible();
  const image = page.locator("#main").getByRole("img", { name: never.name }).first();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);

  // Every image of its gallery shows: each colour's image (the gallery shows the one picked), then each large
  // image (through its thumbnail).
  const gallery = page.getByRole("group", { name: "Product images" });
  const colourImages = [...new Set(never.variation.map((v) => new URL(v.image, page.url()).pathname))];
  expect(colourImages.length).toBeGreaterThan(1);
  // The first colour is picked when the page opens (its image shows once picked again): it comes last.
  for (const v of [...never.variation.slice(1), never.variation[0]!]) {
    await page.getByRole("button", { name: v.color, exact: true }).click();
    const path = new URL(v.image, page.url()).pathname;
    await expect
      .poll(async () => (await imagesShown(gallery)).some((img) => img.src === path && img.shown))
      .toBe(true);
  }
  const largeImages = never.images.map((img) => new URL(img.large_image_url, page.url()).pathname);
  expect(largeImages.length).toBeGreaterThan(1);
  const thumbnails = page.getByRole("button", { name: /^Show image \d+ of \d+$/ });
  await expect(thumbnails).toHaveCount(largeImages.length);
  for (const thumbnail of await thumbnails.all()) await thumbnail.click();
  await expect
    .poll(async () => (await imagesShown(gallery)).filter((img) => !img.shown).map((img) => img.src))
    .toEqual([]);
  const shownInGallery = (await imagesShown(gallery)).map((img) => img.src);
  for (const path of largeImages) expect(shownInGallery).toContain(path);

  // The related products row (the 4 newest bicycles, of other categories too, the product itself left out):
  // its cards with their images.
  const related = page.getByRole("region", { name: "Related products" });
  await related.scrollIntoViewIfNeeded();
  await expect(related.locator("article")).toHaveCount(relatedCount);
  await expect
    .poll(async () => {
      const cards = await imagesShown(related);
      return cards.length === relatedCount && cards.every((img) => img.shown);
    })
    .toBe(true);

  // The saved list with a filter and a sort the device never fetched: filtered and sorted on the device.
  const finalPrice = (p: PackProduct) =>
    p.discount > 0 && p.special_price != null ? Number(p.special_price) : Number(p.price);
  const color = products[0]!.variation[0]!.color;
  const expected = products
    .filter((p) => p.variation.some((v) => v.color === color))
    .sort((a, b) => finalPrice(b) - finalPrice(a) || b.id - a.id)
    .map((p) => p.name);
  expect(expected.length).toBeLessThan(products.length + 1);
  await page.goto(`/catalog/${SLUG}?color=${color}&sort=priceHighToLow`);
  await expect(page.locator("#main article h3")).toHaveText(expected);
  await expect(page.getByTestId("pack-saved-note")).toHaveText(/^Saved for offline: prices and stock as of /);

  // Offline search reads the packs too. With the device's query cache removed (by the service worker, while no
  // page of the shop is open), a new page restores nothing, and a saved bicycle is still found by its name.
  await page.goto("about:blank");
  const [worker] = context.serviceWorkers();
  await deleteKeyval(worker!, "bicycle-shop-query-cache");
  const word = never.name.split(" ").find((w) => w.length > 3) ?? never.name;
  await page.goto(`/search?q=${encodeURIComponent(word)}`);
  await expect(page.getByText("Showing results saved on this device")).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Search results" }).getByRole("link", { name: never.name }).first(),
  ).toBeVisible();

  // The offline banner leads to the saved page, which shows the pack's "as of" date.
  await page.getByTestId("offline-banner").getByRole("link", { name: "Saved for offline" }).click();
  await expect(page).toHaveURL(/\/saved-offline$/);
  await expect(row.getByText(/^Prices and stock as of .*\d{4}/)).toBeVisible();
  await expect(row.getByRole("button", { name: "Update Mountain Bikes" })).toBeDisabled();

  // Remove frees its storage: the pack's cache and every entry in it are gone.
  await context.setOffline(false);
  await row.getByRole("button", { name: "Remove Mountain Bikes" }).click();
  await expect(page.getByTestId("no-saved-packs")).toBeVisible();
  expect(await packStorage(page)).toEqual({ caches: 0, entries: 0, bytes: 0 });
});
