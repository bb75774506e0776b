import { expect, test } from "./offline-fixtures";
import { addableProducts, openProductPages, waitForServiceWorker } from "./offline-helpers";

// Issue 18 item 4: opening a product records it on the device (IndexedDB, last 20); a "Recently viewed" row
// on product pages and on the cart page shows them, offline too.
test("recently viewed bicycles are listed on product pages and the cart page, also offline", async ({
  page,
  context,
  request,
}) => {
  const [a, b, c] = await addableProducts(request, 3);
  await page.goto("/");
  await waitForServiceWorker(page);
  await openProductPages(page, [a!, b!, c!]);
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
