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
