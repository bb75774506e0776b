import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";

// Corsa Lite, the seed's dearest bicycle (₹143,999): one of it puts every amount of the cart above one lakh,
// where English and Indian-English grouping differ (123,456.50 and 1,23,456.50).
const BIKE = { urlKey: "corsa-lite", name: "Corsa Lite", color: "black", size: "m" };

/** Every amount the cart page shows: the lines' unit prices and totals, and the summary's totals. */
async function moneyOnCartPage(page: Page): Promise<string[]> {
  const cells = await page.getByTestId("cart-line").locator("td").allInnerTexts();
  const totals = await page.getByTestId("cart-totals").locator("p").allInnerTexts();
  return [...cells, ...totals].map((s) => s.trim()).filter((s) => s.includes("₹"));
}

test("a cart above one lakh shows every amount, the server's totals and the device's lines, in the language's one format", async ({
  page,
}) => {
  await page.goto(`/product/${BIKE.urlKey}`);
  const options = page.getByRole("region", { name: "Product options" });
  await options.getByRole("button", { name: BIKE.color, exact: true }).click();
  await options.getByRole("button", { name: BIKE.size, exact: true }).click();
  await options.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page.getByText("Added To Cart").first()).toBeVisible();

  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  // The server's totals (with 18 % GST, and the Shipping line of 25 while no rate is chosen) once it has answered.
  const reply = await page.request.get("/api/checkout/cart");
  const cart = ((await reply.json()) as { data: { formated_tax_total: string; grand_total: string } }).data;
  expect(Number(cart.grand_total)).toBeGreaterThan(100_000);
  const totals = page.getByTestId("cart-totals");
  await expect(totals).toHaveAttribute("data-source", "server");
  await expect(totals).toContainText(cart.formated_tax_total);
  await expect(totals).toContainText(
    new Intl.NumberFormat("en", { style: "currency", currency: "INR" }).format(Number(cart.grand_total) + 25),
  );

  // English: thousands grouping for the rupee as for every currency, the server's string included.
  const english = await moneyOnCartPage(page);
  expect(english.length).toBeGreaterThanOrEqual(5);
  for (const amount of english) expect(amount).toMatch(/^-?₹\d{1,3}(,\d{3})*\.\d{2}$/);

  // French: the language's grouping and symbol place for every amount, none left in the server's English.
  await page.getByLabel("Language").selectOption("fr");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  const french = await moneyOnCartPage(page);
  expect(french.length).toBe(english.length);
  for (const amount of french) expect(amount).toMatch(/^-?\d{1,3}([\u202f\u00a0 ]\d{3})*,\d{2}[\u00a0 ]₹$/);
});
