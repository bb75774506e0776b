import { expect, test } from "./offline-fixtures";
import { addToCartButton, registerAndLogin, startWithWorker, tokenOf } from "./offline-helpers";
import { cacheStorageText, indexedDbText, logout } from "./shopper";

/** What must never stay on the device after logout: the session, the cart, orders, addresses, the customer. */
function personalTraces(text: string, email: string, token: string): string[] {
  const found: string[] = [];
  if (text.includes(email)) found.push("e-mail");
  if (text.includes(token)) found.push("token");
  if (/"cart","detail"|\/api\/checkout\/cart/.test(text)) found.push("cart");
  if (/"wishlist","list"|\/api\/wishlist/.test(text)) found.push("wishlist");
  if (/\/api\/(customer|addresses|orders)|"addresses"|"orders"|"profile"/.test(text)) found.push("account");
  if (text.includes("7 Spoke Lane")) found.push("address");
  return found;
}

test("logging out offline leaves no cart, order, address or customer data in Cache Storage or IndexedDB", async ({
  page,
  context,
  request,
}) => {
  const [a] = await startWithWorker(page, request, 1);
  const email = await registerAndLogin(page, "wipe");
  const token = (await tokenOf(page))!;
  const address = await page.request.post("/api/addresses/create?token=true", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      first_name: "Off",
      last_name: "Line",
      address1: ["7 Spoke Lane"],
      city: "Pune",
      country: "IN",
      state: "MH",
      postcode: "411001",
      phone: "9800000077",
    },
  });
  expect(address.ok()).toBe(true);

  await page.goto(`/product/${a!.url_key}`);
  await addToCartButton(page).click();
  await page.locator("#main").getByRole("button", { name: "Add to wishlist" }).first().click();
  await page.goto("/my-account");
  await page.getByRole("tab", { name: "Address book" }).click();
  await expect(page.getByText("7 Spoke Lane")).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await page.goto("/wishlist");
  await expect(page.getByTestId("wishlist-line")).toHaveCount(1);

  // Browsing data is kept for offline use, but nothing personal, even while logged in.
  await expect.poll(async () => (await indexedDbText(page)).includes(a!.name)).toBe(true);
  expect(personalTraces(await indexedDbText(page), email, token)).toEqual([]);

  await context.setOffline(true);
  await page.goto("/my-account");
  // A change queued offline is personal too: logout drops it with the rest.
  await page.goto(`/product/${a!.url_key}`);
  await addToCartButton(page).click();
  await expect.poll(async () => (await indexedDbText(page)).includes("idempotencyKey")).toBe(true);
  await logout(page);

  await expect.poll(async () => personalTraces(await indexedDbText(page), email, token)).toEqual([]);
  await expect.poll(async () => (await indexedDbText(page)).includes("idempotencyKey")).toBe(false);
  expect(personalTraces(await cacheStorageText(page), email, token)).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem("auth"))).toBeNull();
  await context.setOffline(false);
});
