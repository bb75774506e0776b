import { expect, test } from "./offline-fixtures";
import {
  addToCartButton,
  openProductPages,
  registerAndLogin,
  serverCart,
  startWithWorker,
} from "./offline-helpers";

// Issue 14 item 5: the cart changes a shopper made offline go to the server in one request when the
// connection returns, each still applied exactly once (its own Idempotency-Key inside the batch).
test("a customer's offline cart changes replay as one merged request, each applied once, and the cart page shows the server's cart", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const [a, b, c] = await startWithWorker(page, request, 3);
  await registerAndLogin(page, "merged");
  await openProductPages(page, [a!, b!, c!]);
  await page.goto("/cart");

  await context.setOffline(true);
  // a twice, b once, c once then removed; a's quantity raised on the cart page: a 3, b 1.
  for (const p of [a!, a!, b!, c!]) {
    await page.goto(`/product/${p.url_key}`);
    await addToCartButton(page).click();
  }
  await page.goto("/cart");
  await page.getByRole("button", { name: `Increase the quantity of ${a!.name}` }).click();
  await page.getByRole("button", { name: `Remove ${c!.name} from the cart` }).click();
  await expect(page.getByTestId("offline-banner")).toHaveAttribute("data-waiting", /[1-9]/);

  // Every cart write that reaches the network (the reads are GET /api/checkout/cart itself). The first
  // merged request is applied by the server and its reply lost: the retry applies nothing twice.
  const cartWrites: string[] = [];
  await context.route(/\/api\/checkout\/cart\/.+/, async (route) => {
    const path = new URL(route.request().url()).pathname;
    cartWrites.push(path);
    if (cartWrites.length === 1) {
      await route.fetch();
      await route.abort("connectionreset");
      return;
    }
    await route.continue();
  });
  await context.setOffline(false);
  await expect(page.getByTestId("offline-banner")).toHaveCount(0, { timeout: 30_000 });

  const expected = [
    [a!.id, 3],
    [b!.id, 1],
  ].sort((p, q) => p[0]! - q[0]!);
  await expect.poll(() => serverCart(page)).toEqual(expected);
  // Every change went in the merged request (sent twice: the lost one and its retry), none on its own.
  expect(cartWrites).toEqual(["/api/checkout/cart/batch", "/api/checkout/cart/batch"]);
  await expect(page.getByRole("status", { name: `Quantity of ${a!.name}` })).toHaveText("3");
  await expect(page.getByRole("status", { name: `Quantity of ${b!.name}` })).toHaveText("1");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
});
