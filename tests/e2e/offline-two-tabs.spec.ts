import { expect, test } from "@playwright/test";
import { addToCartButton, addableProducts, serverCart, waitForServiceWorker } from "./offline-helpers";

// Found by the 1000-flip soak: tabs share IndexedDB. A change made online whose request the lost connection
// cut, followed at once by a navigation, was held by its own tab only; when the other tab then wrote its
// snapshot of the outbox (mirroring a later offline change), the first tab's next reload restored that
// snapshot and the change was gone. The outbox now keeps one entry per change, which no other tab erases.
test("a quantity change cut by the lost connection and a navigation survives the other tab's writes and reaches the server once", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const [a, b] = await addableProducts(request, 2);
  const quantity = (p: typeof a) => page.getByRole("status", { name: `Quantity of ${p!.name}` });
  await page.goto("/");
  await waitForServiceWorker(page);
  await page.goto(`/product/${b!.url_key}`);
  await expect(addToCartButton(page)).toBeVisible();
  await page.goto(`/product/${a!.url_key}`);
  await addToCartButton(page).click();
  await expect.poll(() => serverCart(page)).toEqual([[a!.id, 1]]);
  const other = await context.newPage();
  await other.goto(`/product/${b!.url_key}`);
  await expect(addToCartButton(other)).toBeVisible();

  await page.goto("/cart");
  await expect(quantity(a)).toHaveText("1");
  // The increase leaves, and the connection drops before it arrives.
  await context.route("**/api/checkout/cart/update**", async (route) => {
    await context.setOffline(true);
    await route.abort("internetdisconnected");
  });
  await page.getByRole("button", { name: `Increase the quantity of ${a!.name}` }).click();
  await expect(quantity(a)).toHaveText("2");
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  await context.unroute("**/api/checkout/cart/update**");

  // At once another page, and another change there, offline; the other tab mirrors that change.
  await page.goto(`/product/${b!.url_key}`);
  await addToCartButton(page).click();
  await expect(other.getByTestId("offline-banner")).toHaveAttribute("data-waiting", /[1-9]/);
  await page.goto("/cart");
  await expect(quantity(a)).toHaveText("2");

  await context.setOffline(false);
  await expect(page.getByTestId("offline-banner")).toHaveCount(0, { timeout: 30_000 });
  const expected = [
    [a!.id, 2],
    [b!.id, 1],
  ].sort((p, q) => p[0]! - q[0]!);
  await expect.poll(() => serverCart(page), { timeout: 15_000 }).toEqual(expected);
  await page.reload();
  await expect(quantity(a)).toHaveText("2");
  await expect(page.getByRole("status", { name: `Quantity of ${b!.name}` })).toHaveText("1");
  expect(await serverCart(page)).toEqual(expected);
});

// Also found by the soak: the tab that replays must hold every waiting change, in the order they were made. A
// change made online and cut lived only in its own tab (restored after a reload); the other tab, replaying
// alone, sent the later changes and never this one.
test("the other tab replays alone, in the order the changes were made, when the tab that made them is closed", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const [a] = await addableProducts(request, 1);
  const quantity = (tab: typeof page) => tab.getByRole("status", { name: `Quantity of ${a!.name}` });
  await page.goto("/");
  await waitForServiceWorker(page);
  await page.goto(`/product/${a!.url_key}`);
  await addToCartButton(page).click();
  await expect.poll(() => serverCart(page)).toEqual([[a!.id, 1]]);
  const other = await context.newPage();
  await other.goto("/cart");
  await expect(quantity(other)).toHaveText("1");

  await page.goto("/cart");
  await context.route("**/api/checkout/cart/update**", async (route) => {
    await context.setOffline(true);
    await route.abort("internetdisconnected");
  });
  // 1 → 2 (cut), then after a reload one more from the product page (→ 3): both wait.
  await page.getByRole("button", { name: `Increase the quantity of ${a!.name}` }).click();
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  await context.unroute("**/api/checkout/cart/update**");
  await page.goto(`/product/${a!.url_key}`);
  await addToCartButton(page).click();
  await expect(other.getByTestId("offline-banner")).toHaveAttribute("data-waiting", "2");
  await page.close();

  await context.setOffline(false);
  await expect(other.getByTestId("offline-banner")).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(() => serverCart(other), { timeout: 15_000 }).toEqual([[a!.id, 3]]);
  await other.reload();
  await expect(quantity(other)).toHaveText("3");
});
