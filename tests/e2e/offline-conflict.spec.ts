import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./offline-fixtures";
import {
  addableProducts,
  addToCartButton,
  openProductPages,
  serverCart,
  waitForServiceWorker,
  type ApiProduct,
} from "./offline-helpers";

/** Another shopper (own cookie jar) buys `quantity` of a plain product as a guest. */
async function buyAsAnotherGuest(request: APIRequestContext, productId: number, quantity: number) {
  const add = await request.post(`/api/checkout/cart/add/${productId}`, {
    data: { product_id: productId, quantity, is_configurable: false },
  });
  expect(add.ok()).toBe(true);
  const address = {
    first_name: "Other",
    last_name: "Buyer",
    email: "other@example.test",
    address1: ["1 Rival Road"],
    city: "Noida",
    state: "UP",
    postcode: "201301",
    country: "IN",
    phone: "8802097347",
    use_for_shipping: true,
  };
  expect(
    (
      await request.post("/api/checkout/save-address", {
        data: { billing: address, shipping: { address1: [""] } },
      })
    ).ok(),
  ).toBe(true);
  expect(
    (
      await request.post("/api/checkout/save-shipping", { data: { shipping_method: "flatrate_flatrate" } })
    ).ok(),
  ).toBe(true);
  expect(
    (
      await request.post("/api/checkout/save-payment", { data: { payment: { method: "cashondelivery" } } })
    ).ok(),
  ).toBe(true);
  expect((await request.post("/api/checkout/save-order")).ok()).toBe(true);
}

test("a line the server refuses on replay (sold out meanwhile) is named in the summary and leaves the local cart", async ({
  page,
  context,
  request,
}) => {
  // The scarce product: plain, two in stock.
  const all = (await (await request.get("/api/products?limit=100")).json()) as { data: ApiProduct[] };
  const scarce = all.data.find((p) => p.variation.length === 0 && p.stock === 2)!;
  expect(scarce).toBeTruthy();
  const [other] = (await addableProducts(request, 3)).filter((p) => p.id !== scarce.id);

  await page.goto("/");
  await waitForServiceWorker(page);
  await openProductPages(page, [scarce, other!]);
  await page.goto("/cart");

  await context.setOffline(true);
  await page.goto(`/product/${scarce.url_key}`);
  await addToCartButton(page).click();
  await page.goto(`/product/${other!.url_key}`);
  await addToCartButton(page).click();
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);

  // Meanwhile someone else buys the last two.
  await buyAsAnotherGuest(request, scarce.id, 2);

  await context.setOffline(false);
  const summary = page.getByTestId("outbox-summary");
  await expect(summary).toHaveAttribute("data-refused", "1");
  await expect(summary).toHaveAttribute("data-synced", "1");
  await expect(summary).toHaveAttribute("data-price-changed", "0");
  await expect(page.getByTestId("outbox-refused")).toContainText(scarce.name);
  await expect(page.getByTestId("outbox-refused")).toContainText("Quantity exceeds to available stock");
  // The local cart is reconciled to the server's: only the other line stays.
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByTestId("cart-line")).toContainText(other!.name);
  expect(await serverCart(page)).toEqual([[other!.id, 1]]);
});
