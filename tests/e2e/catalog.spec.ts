import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { test } from "./fixtures";
import type { ApiProduct } from "./offline-helpers";

/** A mountain bike with several colours in stock and no affiliate link, read from the API. */
async function bikeWithOptions(request: APIRequestContext): Promise<ApiProduct> {
  const reply = await request.get("/api/products?cat_slug=mountain-bikes&limit=50");
  const { data } = (await reply.json()) as { data: ApiProduct[] };
  const bike = data.find(
    (p) =>
      !p.affiliateLink && p.in_stock && p.variation.filter((v) => v.size.some((s) => s.stock > 0)).length > 1,
  );
  if (!bike) throw new Error("the sample data has no mountain bike with several colours");
  return bike;
}

async function pricesOnPage(page: Page): Promise<number[]> {
  const texts = await page.getByRole("article").getByTestId("price").allTextContents();
  return texts.map((t) => Number(t.replace(/[^\d.]/g, "")));
}

test("filters and sort live in the address, reset the page and survive back and forward", async ({
  page,
}) => {
  await page.goto("/shop-grid-standard");
  await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
  await expect(page.getByRole("article").first()).toBeVisible();

  await page.getByRole("button", { name: "Go to page 2" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);

  await page.getByRole("button", { name: "Red" }).click();
  await expect(page).toHaveURL(/[?&]color=red/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(page.getByRole("button", { name: "Red" })).toHaveAttribute("aria-pressed", "true");

  await page.getByLabel("Sort by").selectOption({ label: "Price - High to Low" });
  await expect(page).toHaveURL(/sort=priceHighToLow/);
  await expect
    .poll(async () => {
      const prices = await pricesOnPage(page);
      return prices.length > 1 && prices.every((p, i) => i === 0 || p <= prices[i - 1]!);
    })
    .toBe(true);

  await page.goBack();
  await expect(page).toHaveURL(/color=red/);
  await expect(page).not.toHaveURL(/sort=/);
  await page.goBack();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole("button", { name: "Red" })).toHaveAttribute("aria-pressed", "false");
  await page.goForward();
  await expect(page.getByRole("button", { name: "Red" })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("button", { name: "Road Bikes" }).click();
  await expect(page).toHaveURL(/category=road-bikes/);
  await expect(page).toHaveURL(/color=red/);

  await page.getByRole("button", { name: "Reset filters" }).click();
  await expect(page).not.toHaveURL(/color=/);
  await expect(page).not.toHaveURL(/category=/);
  await expect(page.getByRole("button", { name: "Red" })).toHaveAttribute("aria-pressed", "false");
});

test("an address with invalid filters still shows the catalogue", async ({ page }) => {
  await page.goto("/catalog/road-bikes?page=-4&sort=nonsense&minPrice=abc");
  await expect(page.getByRole("heading", { level: 1, name: "Road Bikes" })).toBeVisible();
  await expect(page.getByRole("article").first()).toBeVisible();
});

test("a shopper opens a bicycle, chooses colour and size and adds it to the cart", async ({ page }) => {
  const bike = await bikeWithOptions(page.request);
  const colour = bike.variation.filter((v) => v.size.some((s) => s.stock > 0))[1]!;
  const size = colour.size.find((s) => s.stock > 0)!;

  await page.goto("/catalog/mountain-bikes");
  await page.goto(`/product/${bike.url_key}`);
  await expect(page.getByRole("heading", { level: 1, name: bike.name })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(bike.name));
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
  ) as {
    name?: string;
  };
  expect(jsonLd.name).toBe(bike.name);

  const options = page.getByRole("region", { name: "Product options" });
  await options.getByRole("button", { name: colour.color, exact: true }).click();
  await expect(options.getByRole("button", { name: colour.color, exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await options.getByRole("button", { name: size.name, exact: true }).click();
  await expect(options.getByRole("button", { name: size.name, exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await options.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page.getByRole("button", { name: /Cart, 1 items?/ })).toBeVisible();
  await page.getByRole("button", { name: /Cart, 1 items?/ }).click();
  await expect(page.getByRole("dialog", { name: "Cart" })).toContainText(bike.name);
});

test("the quick view shows a product's essentials without leaving the list", async ({ page }) => {
  const bike = await bikeWithOptions(page.request);
  await page.goto("/catalog/mountain-bikes?sort=priceLowToHigh");
  const first = page.getByRole("article").first();
  const name = (await first.getByRole("heading").textContent()) ?? "";
  await first.getByRole("button", { name: `Quick view of ${name}` }).click();
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("price")).toBeVisible();
  await expect(dialog.getByRole("img", { name: /Rated \d out of 5/ })).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/catalog\/mountain-bikes/);
  expect(bike.id).toBeGreaterThan(0);
});

test("a product that does not exist shows the not-found page", async ({ page }) => {
  await page.goto("/product/no-such-bicycle-anywhere");
  await expect(page.getByText("Page Not found")).toBeVisible();
});

test("the layout variants show the same product by id", async ({ page }) => {
  const bike = await bikeWithOptions(page.request);
  for (const path of ["/product-tab-left", "/product-slider", "/product-fixed-image"]) {
    await page.goto(`${path}/${bike.id}`);
    await expect(page.getByRole("heading", { level: 1, name: bike.name })).toBeVisible();
  }
  await page.goto("/shop-list-standard");
  await expect(page.getByRole("article").first()).toBeVisible();
});

test("a catalogue page and a product page have no accessibility violations", async ({ page }) => {
  const bike = await bikeWithOptions(page.request);
  await page.goto("/catalog/mountain-bikes");
  await expect(page.getByRole("article").first()).toBeVisible();
  const list = await new AxeBuilder({ page }).analyze();
  expect(list.violations).toEqual([]);

  await page.goto(`/product/${bike.url_key}`);
  await expect(page.getByRole("heading", { level: 1, name: bike.name })).toBeVisible();
  const detail = await new AxeBuilder({ page }).analyze();
  expect(detail.violations).toEqual([]);
});
