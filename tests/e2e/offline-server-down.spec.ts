import type { Route } from "@playwright/test";
import { expect, test } from "./offline-fixtures";
import { addToCartButton, openProductPages, serverCart, startWithWorker } from "./offline-helpers";

test("with the server unreachable (browser online), changes wait, survive a reload, and a replay cut mid-request applies each change once", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const [a, b] = await startWithWorker(page, request, 2);
  await openProductPages(page, [a!, b!]);
  await page.goto("/cart");

  // The server stops: every API call fails to connect, while the browser still believes it is online.
  const down = (route: Route) => route.abort("connectionrefused");
  await context.route("**/api/**", down);
  await page.goto(`/product/${a!.url_key}`);
  await addToCartButton(page).click();
  await page.goto(`/product/${b!.url_key}`);
  await addToCartButton(page).click();
  await page.goto("/cart");
  await page.getByRole("button", { name: `Increase the quantity of ${a!.name}` }).click();
  await expect(page.getByTestId("offline-banner")).toHaveAttribute("data-waiting", /[1-9]/);
  await page.reload();
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(page.getByTestId("offline-banner")).toHaveAttribute("data-waiting", /[1-9]/);

  // The server comes back, but dies once in the middle of the replay: the first cart write reaches it and
  // is applied, yet its reply never arrives. The retry carries the same Idempotency-Key.
  // The cut is in place before the server comes back: a retry that fires in between must meet it.
  let cut = false;
  await context.route("**/api/checkout/cart/**", async (route) => {
    const method = route.request().method();
    if (!cut && (method === "POST" || method === "PUT")) {
      cut = true;
      await route.fetch();
      await route.abort("connectionreset");
      return;
    }
    await route.continue();
  });
  await context.unroute("**/api/**", down);

  await expect(page.getByTestId("offline-banner")).toHaveCount(0, { timeout: 30_000 });
  expect(cut).toBe(true);
  const expected = [
    [a!.id, 2],
    [b!.id, 1],
  ].sort((p, q) => p[0]! - q[0]!);
  await expect.poll(() => serverCart(page)).toEqual(expected);
  await page.reload();
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(page.getByRole("status", { name: `Quantity of ${a!.name}` })).toHaveText("2");
  expect(await serverCart(page)).toEqual(expected);
});
