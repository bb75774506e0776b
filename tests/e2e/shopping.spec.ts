import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { fillAddress, login, logout, register, uniqueEmail } from "./shopper";

const COLOR_ATTRIBUTE_ID = 23;
const SIZE_ATTRIBUTE_ID = 24;

interface ApiProduct {
  id: number;
  name: string;
  url_key: string;
  variation: {
    color: string;
    option_id: number;
    size: { name: string; stock: number; variant_id: number; option_id: number }[];
  }[];
}

async function productByUrlKey(request: APIRequestContext, urlKey: string): Promise<ApiProduct> {
  const reply = await request.get(`/api/products?category_id=1&url_key=${urlKey}`);
  const { data } = (await reply.json()) as { data: ApiProduct[] };
  return data[0]!;
}

/** Puts one colour and size of a bicycle in the browser's server cart (the cookie or token the page uses). */
async function addVariantThroughApi(
  page: Page,
  product: ApiProduct,
  color: string,
  size: string,
  quantity = 1,
) {
  const v = product.variation.find((x) => x.color === color)!;
  const s = v.size.find((x) => x.name === size)!;
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem("auth") ?? "{}") as { token?: string }).token,
  );
  const reply = await page.request.post(`/api/checkout/cart/add/${product.id}${token ? "?token=true" : ""}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    data: {
      product_id: product.id,
      quantityCount: quantity,
      is_configurable: true,
      selected_configurable_option: s.variant_id,
      super_attribute: { [COLOR_ATTRIBUTE_ID]: v.option_id, [SIZE_ATTRIBUTE_ID]: s.option_id },
    },
  });
  expect(reply.ok()).toBe(true);
  expect(await reply.json()).not.toHaveProperty("error");
}

interface ApiOrder {
  id: number;
  increment_id: string;
  status_label: string;
  shipping_description: string;
  formated_sub_total: string;
  formated_tax_amount: string;
  formated_grand_total: string;
  items: { name: string; qty_ordered: number; formated_total: string }[];
  invoices: { id: number; created_at: string }[];
}

test("a guest's cart follows a login, is checked out, and the receipt and the order under my account agree with the server", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("cyd");
  await register(page, { first: "Cyd", last: "Buyer", email, password: "secret12" });
  await logout(page);

  // As a guest: two colour/size combinations of one bicycle.
  const bike = await productByUrlKey(request, "ridgeline-trail-29");
  await addVariantThroughApi(page, bike, "green", "m");
  await addVariantThroughApi(page, bike, "black", "xxl", 2);
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Cart, 3 items" })).toBeVisible();

  // Logging in merges the guest cart into the customer's.
  await login(page, email, "secret12");
  await expect(page).toHaveURL(/\/my-account/);
  await page.getByRole("tab", { name: "Address book" }).click();
  await page.getByRole("button", { name: "Add new address" }).click();
  await fillAddress(page, {
    first: "Cyd",
    last: "Buyer",
    street: "3 Gear Road",
    city: "Mumbai",
    postcode: "400001",
    phone: "9800000033",
  });
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByText("Address Saved Successfully!")).toBeVisible();

  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(page.getByTestId("cart-line").filter({ hasText: "Color: black" })).toContainText("XXL");
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  await page.getByRole("radio", { name: /3 Gear Road/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("radio", { name: /Flat Rate/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("radio", { name: "Cash On Delivery" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText(/Ridgeline Trail 29 green \/ M × 1/)).toBeVisible();
  await expect(page.getByText(/Ridgeline Trail 29 black \/ XXL × 2/)).toBeVisible();
  await page.getByRole("button", { name: "Place Order" }).click();

  await expect(page).toHaveURL(/\/ordersuccess\/\d+$/);
  const orderId = Number(new URL(page.url()).pathname.split("/").pop());
  await expect(page.getByRole("heading", { level: 1, name: "Order Success" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Home");
  await expect(page.getByText("Thanks for your order, your Order is placed successfully!")).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue Shopping" })).toBeVisible();

  const { token } = await page.evaluate(
    () => JSON.parse(localStorage.getItem("auth") ?? "{}") as { token: string },
  );
  const stored = await page.request.get(`/api/orders/${orderId}?token=true`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const order = ((await stored.json()) as { data: ApiOrder }).data;
  expect(order.items.map((i) => [i.qty_ordered, i.name]).sort()).toEqual([
    [1, "Ridgeline Trail 29"],
    [2, "Ridgeline Trail 29"],
  ]);
  expect(order.invoices).toHaveLength(1);

  const receipt = page.getByTestId("order-receipt");
  await expect(receipt).toContainText(`Order #${order.increment_id}`);
  await expect(receipt.getByTestId("receipt-line")).toHaveCount(2);
  for (const item of order.items) {
    await expect(receipt.getByTestId("receipt-line").filter({ hasText: item.formated_total })).toContainText(
      String(item.qty_ordered),
    );
  }
  const invoiceDate = new Intl.DateTimeFormat("en", {
    month: "long",
    day: "numeric",
    year: "numeric",
  }).format(new Date(order.invoices[0]!.created_at));
  for (const text of [
    `Sub Total${order.formated_sub_total}`,
    `GST 18%${order.formated_tax_amount}`,
    `Shipping${order.shipping_description}`,
    `Status${order.status_label}`,
    `Invoice #${order.invoices[0]!.id}, ${invoiceDate}`,
    `Grand Total${order.formated_grand_total}`,
  ]) {
    await expect(receipt).toContainText(text);
  }
  expect(order.shipping_description).toBe("Flat Rate Shipping");
  await expect(page.getByRole("button", { name: "Cart, 0 items" })).toBeVisible();

  // The order is listed under my account, with its detail.
  await page.goto("/my-account?tab=orders");
  const row = page.getByTestId("order-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`#${order.increment_id}`);
  await expect(row).toContainText(order.formated_grand_total);
  await expect(row).toContainText(order.status_label);
  await row.getByRole("link", { name: `View order #${order.increment_id}` }).click();
  await expect(page.getByTestId("order-receipt")).toContainText(`Grand Total${order.formated_grand_total}`);
  await expect(page.getByTestId("order-receipt").getByTestId("receipt-line")).toHaveCount(2);
});
