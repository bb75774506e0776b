// Browsing as on a stock Bagisto 1.3.3: this journey runs in the `chromium` project against the reference
// server and in the `strict` project against it in strict-Bagisto mode (BAGISTO_STRICT=1, decision 31), where
// products carry no colour list of their own, a category is found by `category_id` only and colours come from
// product-configurable-config. The checkout → receipt and wishlist journeys of shopping.spec.ts run in both too.
import { expect } from "@playwright/test";
import { test } from "./fixtures";

test("a shopper browses from the bicycle types menu to a category, opens a bicycle, chooses colour and size and finds it in the cart @strict", async ({
  page,
}) => {
  test.slow(); // the machine may be busy with other builds
  const lists: URLSearchParams[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname === "/api/products" && !url.searchParams.has("url_key")) lists.push(url.searchParams);
  });
  await page.goto("/");
  await page.getByRole("button", { name: "Bicycles Types" }).click();
  await page.getByRole("menuitem", { name: "Mountain Bikes" }).click();
  await expect(page).toHaveURL(/\/catalog\/mountain-bikes$/);
  await expect(page.getByRole("heading", { level: 1, name: "Mountain Bikes" })).toBeVisible();
  // The category was asked for by Bagisto's id, not by its slug (which a stock Bagisto ignores).
  await expect.poll(() => lists.some((q) => q.get("category_id") === "2")).toBe(true);
  expect(lists.filter((q) => q.has("cat_slug"))).toEqual([]);

  const card = page.locator("#main").getByRole("article").first();
  const name = (await card.getByRole("heading").first().textContent())!.trim();
  await card.getByRole("link", { name }).first().click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  const colours = page.getByRole("group", { name: /^Colour/ });
  await colours.getByRole("button").first().click();
  await expect(colours.getByRole("button").first()).toHaveAttribute("aria-pressed", "true");
  const sizes = page.getByRole("group", { name: "Size" });
  const size = sizes.getByRole("button").first();
  await size.click();
  await expect(size).toHaveAttribute("aria-pressed", "true");
  const colour = (await colours.getByRole("button").first().getAttribute("aria-label"))!;
  const sizeName = (await size.textContent())!.trim();

  await page
    .getByRole("region", { name: "Product options" })
    .getByRole("button", { name: "Add To Cart" })
    .click();
  await expect(page.getByText("Added To Cart").first()).toBeVisible();
  await page.goto("/cart");
  const line = page.getByTestId("cart-line").filter({ hasText: name });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(`Color: ${colour}`);
  await expect(line).toContainText(sizeName.toUpperCase());
});
