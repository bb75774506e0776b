import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./offline-fixtures";
import { waitForServiceWorker, type ApiProduct } from "./offline-helpers";

// Issue 40 item 4 (decision 049): a test ride and a back-in-stock request made with no connection wait in the
// device's outbox, are listed in the change queue with undo, and reach the server exactly once when the
// connection returns; the staff page lists them.

const STAFF = { email: "staff@bicycle-shop.test", password: "staff1234" };

/** A product with a colour whose first size is in stock and another size out of stock. */
async function productWithSizeOut(request: APIRequestContext) {
  const reply = await request.get("/api/products?limit=100&page=1");
  const { data } = (await reply.json()) as { data: ApiProduct[] };
  for (const p of data) {
    const colour = p.variation.find(
      (v) => v.size.some((s) => s.stock > 0) && v.size.some((s) => s.stock === 0),
    );
    if (colour)
      return { product: p, colour: colour.color, size: colour.size.find((s) => s.stock === 0)!.name };
  }
  throw new Error("no product with a size out of stock");
}

async function staffToken(request: APIRequestContext): Promise<string> {
  await request.post("/api/test/reset-rate-limits");
  const login = await request.post("/api/customer/login?token=true", { data: STAFF });
  return ((await login.json()) as { token: string }).token;
}

async function rowsFor(request: APIRequestContext, token: string, email: string) {
  const read = async (path: string) => {
    const r = await request.get(`/api/${path}?token=true`, { headers: { Authorization: `Bearer ${token}` } });
    return ((await r.json()) as { data: { email: string }[] }).data.filter((x) => x.email === email).length;
  };
  return { rides: await read("staff/test-rides"), alerts: await read("staff/stock-alerts") };
}

test("a test ride and a back-in-stock request made offline are queued with undo and reach the server once", async ({
  page,
  context,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const { product, colour, size } = await productWithSizeOut(request);
  const email = `rider-${Date.now()}@example.test`;
  await page.goto("/");
  await waitForServiceWorker(page);
  await page.goto(`/product/${product.url_key}`);
  const main = page.locator("#main");
  await expect(main.getByRole("button", { name: "Book a test ride" })).toBeVisible();

  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);

  // The test ride: tomorrow, the first slot, the chosen size.
  await main.getByRole("button", { name: "Book a test ride" }).click();
  const rideForm = main.getByRole("form", { name: "Book a test ride" });
  const date = await rideForm.getByLabel("Date").inputValue();
  await rideForm.getByRole("textbox", { name: "Email" }).fill(email);
  await rideForm.getByRole("button", { name: "Book the test ride" }).click();
  await expect(
    main.getByText("Saved on this device. It will be sent when you are back online."),
  ).toBeVisible();

  // The size that is out: the second button.
  await main.getByRole("button", { name: colour, exact: true }).click();
  await main.getByRole("group", { name: "Size" }).getByRole("button", { name: size, exact: true }).click();
  const askForSize = async () => {
    await main.getByRole("button", { name: "Tell me when my size is back" }).click();
    const alertForm = main.getByRole("form", { name: "Tell me when my size is back" });
    await alertForm.getByRole("textbox", { name: "Email" }).fill(email);
    await alertForm.getByRole("button", { name: "Notify me" }).click();
    await expect(alertForm).toBeHidden();
  };
  await askForSize();

  const indicator = page.getByRole("button", { name: "2 changes waiting" });
  await expect(indicator).toBeVisible();
  await indicator.click();
  const panel = page.getByRole("dialog", { name: "Changes waiting to be sent" });
  const rideText = `Book a test ride of ${product.name} on ${date} at 10:00`;
  const alertText = `Tell me when ${product.name} in size ${size.toUpperCase()} is back`;
  await expect(panel.getByTestId("queued-change")).toHaveText([`${rideText}Undo`, `${alertText}Undo`]);
  await panel.getByRole("button", { name: `Undo: ${alertText}` }).click();
  await expect(panel.getByTestId("queued-change")).toHaveText([`${rideText}Undo`]);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();

  // Asked again: two changes wait once more.
  await askForSize();
  await expect(indicator).toBeVisible();

  const token = await staffToken(request);
  expect(await rowsFor(request, token, email)).toEqual({ rides: 0, alerts: 0 });

  await context.setOffline(false);
  await expect
    .poll(() => rowsFor(request, token, email), { timeout: 30_000 })
    .toEqual({ rides: 1, alerts: 1 });
  await expect(page.getByTestId("waiting-changes")).toHaveCount(0);
  // Exactly once: a reload (another replay chance) changes nothing.
  await page.reload();
  await expect(main.getByRole("button", { name: "Book a test ride" })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(await rowsFor(request, token, email)).toEqual({ rides: 1, alerts: 1 });

  // The staff page (another device, online) lists them.
  const counter = await browser.newContext({ baseURL });
  const staff = await counter.newPage();
  await staff.request.post("/api/test/reset-rate-limits");
  await staff.goto("/staff");
  const form = staff.getByRole("form", { name: "Staff log-in" });
  await form.getByRole("textbox", { name: "Email" }).fill(STAFF.email);
  await form.getByLabel("Password").fill(STAFF.password);
  await form.getByRole("button", { name: "Log in" }).click();
  const ride = staff.getByTestId("staff-test-ride").filter({ hasText: email });
  await expect(ride).toHaveCount(1);
  await expect(ride).toContainText(date);
  await expect(ride).toContainText(product.name);
  await expect(staff.getByTestId("staff-stock-alert").filter({ hasText: email })).toContainText(
    size.toUpperCase(),
  );
  await counter.close();

  // In French.
  await page.getByLabel("Language").selectOption("fr");
  await expect(main.getByRole("button", { name: "Réserver un essai" })).toBeVisible();
});
