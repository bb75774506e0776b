import type { Page } from "@playwright/test";
import { expect, test } from "./offline-fixtures";
import { addToCartButton, serverCart, startWithWorker, waitForServiceWorker } from "./offline-helpers";

// Issue 40 items 1 and 2 (decision 43): the cart goes to the counter by a QR code drawn on the shopper's
// device with no connection; the staff page (another device, online) reads a picture of it and imports it
// once however often it is scanned; the shopper's device says it was handed over once it is back online.
// A floor tag's code, read from a picture, opens its product on a device with no connection.

const STAFF = { email: "staff@bicycle-shop.test", password: "staff1234" };

/** A picture of the QR code the page shows (what a staff member's camera would see). */
async function pictureOfCode(page: Page): Promise<Buffer> {
  const code = page.getByTestId("qr-code");
  await expect(code.locator("svg")).toBeVisible();
  return await code.screenshot();
}

async function upload(staff: Page, picture: Buffer) {
  await staff
    .getByTestId("qr-upload")
    .setInputFiles({ name: "code.png", mimeType: "image/png", buffer: picture });
}

test("a cart shown as a QR code offline is imported once by the counter, and the shopper's device says so", async ({
  page,
  context,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const [a, b] = await startWithWorker(page, request, 2);
  for (const [i, p] of [a!, b!].entries()) {
    await page.goto(`/product/${p.url_key}`);
    await addToCartButton(page).click();
    await expect.poll(async () => (await serverCart(page)).length).toBe(i + 1);
  }
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);

  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  await page.getByRole("button", { name: "Show to a salesperson" }).click();
  const dialog = page.getByRole("dialog", { name: "Show to a salesperson" });
  await expect(dialog.getByRole("img", { name: "QR code of your cart" })).toBeVisible();
  const picture = await pictureOfCode(page);
  const reference = (await dialog.getByText(/^Reference /).textContent())!.replace("Reference ", "");
  await dialog.getByRole("button", { name: "Close" }).click();

  // The counter: another device, online, logged in as staff.
  const counter = await browser.newContext({ baseURL });
  const staff = await counter.newPage();
  await staff.request.post("/api/test/reset-rate-limits");
  await staff.goto("/staff");
  const form = staff.getByRole("form", { name: "Staff log-in" });
  await expect(form).toBeVisible();
  await form.getByRole("textbox", { name: "Email" }).fill(STAFF.email);
  await form.getByLabel("Password").fill(STAFF.password);
  await form.getByRole("button", { name: "Log in" }).click();
  await expect(staff.getByText("Signed in as Counter Staff")).toBeVisible();

  let imports = 0;
  const replies: { already_imported: boolean; data: { cart_id: number } }[] = [];
  staff.on("response", (r) => {
    if (r.url().includes("/api/staff/cart-import")) {
      imports++;
      void r.json().then((j: (typeof replies)[number]) => replies.push(j));
    }
  });
  await upload(staff, picture);
  const imported = staff.getByTestId("imported-cart");
  await expect(imported.getByRole("status")).toHaveText(`Cart imported · Reference ${reference}`);
  await expect(imported.getByTestId("imported-line")).toHaveCount(2);
  await expect(imported.getByTestId("imported-line").filter({ hasText: a!.name })).toContainText("1");
  await expect(imported.getByTestId("imported-line").filter({ hasText: b!.name })).toBeVisible();
  const total = await imported.getByTestId("imported-grand-total").textContent();

  // The same code scanned again: the same cart, once.
  await upload(staff, picture);
  await expect(imported.getByRole("status")).toHaveText(`Already imported · Reference ${reference}`);
  await expect(imported.getByTestId("imported-line")).toHaveCount(2);
  await expect(imported.getByTestId("imported-grand-total")).toHaveText(total!);
  await expect.poll(() => replies.length).toBe(2);
  expect(imports).toBe(2);
  expect(replies.map((r) => r.already_imported)).toEqual([false, true]);
  expect(replies[1]!.data.cart_id).toBe(replies[0]!.data.cart_id);
  // The server holds one hand-over for the shopper's key.
  const key = await page.evaluate(
    () => (JSON.parse(localStorage.getItem("cart-handover")!) as { key: string }).key,
  );
  const status = await counter.request.get(`/api/cart-handover/${key}`);
  expect(((await status.json()) as { data: unknown }).data).toEqual({ handed_over: true, reference });

  // The shopper's device, back online, hears it.
  await expect(page.getByText("Handed over to the counter")).toHaveCount(0);
  await context.setOffline(false);
  await expect(page.getByRole("status").filter({ hasText: "Handed over to the counter" })).toBeVisible({
    timeout: 15_000,
  });
  await counter.close();
});

test("a floor tag's code, read from a picture, opens its product with no connection", async ({
  page,
  context,
  request,
}) => {
  const [a] = await startWithWorker(page, request, 1);
  await page.goto(`/product/${a!.url_key}`);
  await expect(addToCartButton(page)).toBeVisible();
  await page.goto(`/product/${a!.url_key}/tag`);
  const tag = page.getByTestId("floor-tag");
  await expect(tag.getByRole("heading", { name: a!.name })).toBeVisible();
  await expect(tag.getByRole("img", { name: `QR code of ${a!.name}` })).toBeVisible();
  const picture = await pictureOfCode(page);

  await page.goto("/scan");
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  await page
    .getByTestId("qr-upload")
    .setInputFiles({ name: "tag.png", mimeType: "image/png", buffer: picture });
  await expect(page).toHaveURL(new RegExp(`/product/${a!.url_key}$`));
  await expect(page.locator("#main").getByRole("heading", { name: a!.name, level: 1 })).toBeVisible();
});
