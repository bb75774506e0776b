import type { Page } from "@playwright/test";
import { expect, test } from "./offline-fixtures";
import { addToCartButton, readKeyval, startWithWorker } from "./offline-helpers";

/** Whether the device's list (IndexedDB, idb-keyval's default store) holds this product yet. */
async function recorded(page: Page, id: number): Promise<boolean> {
  const list = await readKeyval(page, "recently-viewed");
  return Array.isArray(list) && list.some((p: { id?: unknown }) => p.id === id);
}

// Issue 18 item 4: opening a product records it on the device (IndexedDB, last 20); a "Recently viewed" row
// on product pages and on the cart page shows them, offline too.
test("recently viewed bicycles are listed on product pages and the cart page, also offline", async ({
  page,
  context,
  request,
}) => {
  const [a, b, c] = await startWithWorker(page, request, 3);
  // Each visit is recorded after the page shows (an IndexedDB write): the next page load waits for it, or the
  // load could cut the write.
  for (const p of [a!, b!, c!]) {
    await page.goto(`/product/${p.url_key}`);
    await expect(addToCartButton(page)).toBeVisible();
    await expect.poll(() => recorded(page, p.id)).toBe(true);
  }
  const row = page.getByRole("region", { name: "Recently viewed" });
  // On c's page: the others, most recent first, not c itself.
  await expect(row.getByRole("link")).toHaveText([b!.name, a!.name]);
  await page.goto("/cart");

  await context.setOffline(true);
  await page.goto(`/product/${a!.url_key}`);
  await expect(page.getByRole("heading", { level: 1, name: a!.name })).toBeVisible();
  await expect(row.getByRole("link")).toHaveText([c!.name, b!.name]);
  await page.goto("/cart");
  await expect(row.getByRole("link")).toHaveText([a!.name, c!.name, b!.name]);
  await row.getByRole("link", { name: b!.name }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${b!.url_key}$`));
  await expect(page.getByRole("heading", { level: 1, name: b!.name })).toBeVisible();
  await expect(row.getByRole("link")).toHaveText([a!.name, c!.name]);
});
