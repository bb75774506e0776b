import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { continueCheckout, fillAddress, login, logout, register, uniqueEmail } from "./shopper";

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

/** Chooses a colour and size on the product page and adds them to the cart. */
async function addFromProductPage(
  page: Page,
  urlKey: string,
  name: string,
  color: string,
  size: string,
  quantity = 1,
) {
  await page.goto(`/product/${urlKey}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByRole("button", { name: color, exact: true }).click();
  await page.getByRole("button", { name: size, exact: true }).click();
  // The detail's own purchase controls come before the related products' cards.
  for (let i = 1; i < quantity; i++) {
    await page
      .getByRole("button", { name: `Increase the quantity of ${name}` })
      .first()
      .click();
  }
  await expect(page.getByRole("status", { name: `Quantity of ${name}` }).first()).toHaveText(
    String(quantity),
  );
  await page.locator("#main").getByRole("button", { name: "Add To Cart", exact: true }).first().click();
  await expect(page.getByText("Added To Cart").first()).toBeVisible();
}

/** Another shopper (own session) buys a colour and size through the API, lowering its stock. */
async function anotherShopperBuys(
  request: APIRequestContext,
  product: ApiProduct,
  color: string,
  size: string,
  quantity: number,
) {
  const v = product.variation.find((x) => x.color === color)!;
  const s = v.size.find((x) => x.name === size)!;
  const steps: [string, unknown][] = [
    [
      `/api/checkout/cart/add/${product.id}`,
      {
        product_id: product.id,
        quantityCount: quantity,
        is_configurable: true,
        selected_configurable_option: s.variant_id,
        super_attribute: { [COLOR_ATTRIBUTE_ID]: v.option_id, [SIZE_ATTRIBUTE_ID]: s.option_id },
      },
    ],
    [
      "/api/checkout/save-address",
      {
        billing: {
          first_name: "Other",
          last_name: "Shopper",
          email: "other@example.test",
          address1: ["1 Side Street"],
          city: "Noida",
          state: "UP",
          postcode: "201301",
          country: "IN",
          phone: "8802097347",
          use_for_shipping: true,
        },
      },
    ],
    ["/api/checkout/save-shipping", { shipping_method: "flatrate_flatrate" }],
    ["/api/checkout/save-payment", { payment: { method: "cashondelivery" } }],
    ["/api/checkout/save-order", {}],
  ];
  for (const [path, data] of steps) {
    const reply = await request.post(path, { data });
    expect(reply.ok(), path).toBe(true);
  }
}

interface ApiCart {
  formated_sub_total: string;
  formated_discount: string;
  formated_grand_total: string;
  grand_total: string;
  coupon_code: string | null;
  items_qty: number | string;
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

test("a guest's cart follows a login, is checked out, and the receipt and the order under my account agree with the server @strict", async ({
  page,
  context,
}) => {
  test.slow(); // a long journey; the machine may be busy with other builds
  const urls: string[] = [];
  page.on("request", (r) => urls.push(r.url()));
  const email = uniqueEmail("cyd");
  await register(page, { first: "Cyd", last: "Buyer", email, password: "secret12" });
  await logout(page);

  // As a guest: two colour/size combinations of one bicycle.
  await addFromProductPage(page, "ridgeline-trail-29", "Ridgeline Trail 29", "green", "m");
  await addFromProductPage(page, "ridgeline-trail-29", "Ridgeline Trail 29", "black", "xxl", 2);
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
  // The cart shows what the order will cost: its grand total, read once the server has priced it, is the
  // order's (flat rate shipping), and the device cart shows the same when the server cannot be reached.
  const cartTotals = page.getByTestId("cart-totals");
  await expect(cartTotals).toHaveAttribute("data-source", "server");
  const cartGrandTotal = /Grand Total(.+)$/.exec((await cartTotals.textContent()) ?? "")?.[1];
  expect(cartGrandTotal).toMatch(/^₹/);
  const cartRead = /\/api\/checkout\/cart(\?|$)/;
  await page.route(cartRead, (route) => route.abort());
  await page.reload();
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(cartTotals).toHaveAttribute("data-source", "device");
  await expect(cartTotals).toContainText(`Grand Total${cartGrandTotal}`);
  await page.unroute(cartRead);
  await page.reload();
  await expect(cartTotals).toHaveAttribute("data-source", "server");
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  // Checkout is never queued: offline it says it needs a connection.
  await context.setOffline(true);
  await expect(page.getByText(/Checkout needs a connection/)).toBeVisible();
  await context.setOffline(false);

  await page.getByRole("radio", { name: /3 Gear Road/ }).check();
  await continueCheckout(page, "Billing address");
  await page.getByRole("radio", { name: /Flat Rate/ }).check();
  await continueCheckout(page, "Shipping method");
  await page.getByRole("radio", { name: "Cash On Delivery" }).check();
  await continueCheckout(page, "Payment method");
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
  expect(order.formated_grand_total).toBe(cartGrandTotal);

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
  // Every customer call carried the token in a header, never in a URL.
  expect(urls.some((u) => u.includes("token=true"))).toBe(true);
  expect(urls.filter((u) => u.includes(token))).toEqual([]);
});

test("a guest adds two colour/size combinations of a bicycle, uses a coupon, changes quantities, meets the stock limit and sees the server's totals", async ({
  page,
  request,
}) => {
  test.slow(); // a long journey; the machine may be busy with other builds
  const bike = await productByUrlKey(request, "timberline-hardtail");
  const stockOf = (color: string, size: string) =>
    bike.variation.find((v) => v.color === color)!.size.find((s) => s.name === size)!.stock;
  expect(stockOf("blue", "m")).toBe(2);
  expect(stockOf("green", "xxl")).toBe(3);

  await page.goto("/product/timberline-hardtail");
  await expect(page.getByRole("heading", { level: 1, name: "Timberline Hardtail" })).toBeVisible();
  // The detail's own purchase controls come before the related products' cards.
  const addToCart = page.locator("#main").getByRole("button", { name: "Add To Cart", exact: true }).first();
  const quantity = page.getByRole("status", { name: "Quantity of Timberline Hardtail" }).first();
  const more = page.getByRole("button", { name: "Increase the quantity of Timberline Hardtail" }).first();

  await page.getByRole("button", { name: "blue", exact: true }).click();
  await page.getByRole("button", { name: "m", exact: true }).click();
  await more.click();
  await expect(quantity).toHaveText("2");
  await expect(more).toBeDisabled();
  await addToCart.click();
  await expect(page.getByText("Added To Cart").last()).toBeVisible();
  await expect(page.getByRole("button", { name: "Cart, 2 items" })).toBeVisible();
  // The cart now holds all the stock of blue / M.
  await expect(addToCart).toBeDisabled();

  await page.getByRole("button", { name: "green", exact: true }).click();
  await page.getByRole("button", { name: "xxl", exact: true }).click();
  await expect(addToCart).toBeEnabled();
  await addToCart.click();
  await expect(page.getByRole("button", { name: "Cart, 3 items" })).toBeVisible();

  // The mini cart in the header lists both lines and leads to the cart page.
  await page.getByRole("button", { name: "Cart, 3 items" }).click();
  const mini = page.getByRole("dialog", { name: "Cart" });
  await expect(mini.getByRole("button", { name: "Remove Timberline Hardtail from the cart" })).toHaveCount(2);
  await expect(mini).toContainText("Qty: 2");
  await expect(mini).toContainText("Qty: 1");
  await mini.getByRole("link", { name: "View Cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const lines = page.getByTestId("cart-line");
  await expect(lines).toHaveCount(2);
  const blue = lines.filter({ hasText: "Color: blue" });
  const green = lines.filter({ hasText: "Color: green" });
  await expect(blue).toContainText("Size: M");
  await expect(green).toContainText("Size: XXL");
  await expect(blue.getByRole("status")).toHaveText("2");
  await expect(blue.getByRole("button", { name: /Increase the quantity/ })).toBeDisabled();

  // Meanwhile another shopper buys two of the three green / XXL: the server refuses a second one here.
  await anotherShopperBuys(request, bike, "green", "xxl", 2);
  await green.getByRole("button", { name: /Increase the quantity/ }).click();
  await expect(page.getByText("Quantity exceeds to available stock")).toBeVisible();
  await expect(green.getByRole("status")).toHaveText("1");
  await expect(green.getByRole("button", { name: /Increase the quantity/ })).toBeDisabled();

  await blue.getByRole("button", { name: /Decrease the quantity/ }).click();
  await expect(page.getByText("Item Decremented From Cart")).toBeVisible();
  await expect(blue.getByRole("status")).toHaveText("1");
  await blue.getByRole("button", { name: /Increase the quantity/ }).click();
  await expect(blue.getByRole("status")).toHaveText("2");
  // An earlier 'Added To Cart' may still be on screen: the newest one is the one for this change.
  await expect(page.getByText("Added To Cart").last()).toBeVisible();

  // Coupons: an unknown code gets the server's answer, a seeded one is applied.
  await page.getByRole("textbox", { name: "Coupon code" }).fill("NOPE99");
  await page.getByRole("button", { name: "Apply Coupon" }).click();
  await expect(page.getByText("Coupon code is invalid.")).toBeVisible();
  await page.getByRole("textbox", { name: "Coupon code" }).fill("BIKE10");
  await page.getByRole("button", { name: "Apply Coupon" }).click();
  await expect(page.getByText("Coupon is added successfully!")).toBeVisible();
  await expect(page.getByText("Coupon BIKE10 is applied.")).toBeVisible();

  await green.getByRole("button", { name: /Remove .* from the cart/ }).click();
  await expect(page.getByText("Removed From Cart")).toBeVisible();
  await expect(lines).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Cart, 2 items" })).toBeVisible();

  // The totals are the server's.
  const serverCart = async () =>
    ((await (await page.request.get("/api/checkout/cart")).json()) as { data: ApiCart | null }).data;
  await expect.poll(async () => Number((await serverCart())?.items_qty)).toBe(2);
  const server = (await serverCart())!;
  expect(server.coupon_code).toBe("BIKE10");
  const totals = page.getByTestId("cart-totals");
  await expect(totals).toContainText(`Sub Total${server.formated_sub_total}`);
  await expect(totals).toContainText(`Discount-${server.formated_discount}`);
  // The server's grand total leaves shipping out until checkout chooses a rate; the cart adds the Shipping line.
  const withShipping = new Intl.NumberFormat("en", { style: "currency", currency: "INR" }).format(
    Number(server.grand_total) + 25,
  );
  await expect(totals).toContainText(`Shipping₹25.00`);
  await expect(totals).toContainText(`Grand Total${withShipping}`);
  expect(server.formated_discount).toBe("₹9,199.80");

  await page.getByRole("button", { name: "Remove coupon" }).click();
  await expect(page.getByText("Coupon is Deleted successfully!")).toBeVisible();
  await expect(totals).not.toContainText("Discount");

  await page.getByRole("button", { name: "Clear Shopping Cart" }).click();
  await expect(page.getByText("Removed All From Cart")).toBeVisible();
  await expect(page.getByText("No items found in cart")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cart, 0 items" })).toBeVisible();
  expect(await serverCart()).toBeNull();
});

test("wishlist and compare round trips: from the product page to /wishlist and /compare, merged at login, moved to the cart, removed @strict", async ({
  page,
}) => {
  test.slow(); // a long journey; the machine may be busy with other builds
  const serverWishlist = async () => {
    const { token } = await page.evaluate(
      () => JSON.parse(localStorage.getItem("auth") ?? "{}") as { token: string },
    );
    const reply = await page.request.get("/api/wishlist?token=true", {
      headers: { Authorization: `Bearer ${token}` },
    });
    return ((await reply.json()) as { data: { product: { name: string } }[] }).data
      .map((i) => i.product.name)
      .sort();
  };
  // The detail's own buttons come before the related products' cards.
  const detailButton = (name: string) =>
    page.locator("#main").getByRole("button", { name, exact: true }).first();

  // As a guest: Summit Pro XC in the wishlist and compare list, Switchback Enduro in the compare list.
  await page.goto("/product/summit-pro-xc");
  await expect(page.getByRole("heading", { level: 1, name: "Summit Pro XC" })).toBeVisible();
  await detailButton("Add to wishlist").click();
  await expect(page.getByText("Added To Wishlist")).toBeVisible();
  await expect(detailButton("Remove from wishlist")).toHaveAttribute("aria-pressed", "true");
  await detailButton("Add to compare").click();
  await expect(page.getByText("Added To Compare")).toBeVisible();
  await page.goto("/product/switchback-enduro");
  await expect(page.getByRole("heading", { level: 1, name: "Switchback Enduro" })).toBeVisible();
  await detailButton("Add to compare").click();
  await expect(page.getByRole("link", { name: "Compare, 2 products" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Wishlist, 1 items" })).toBeVisible();

  await page.getByRole("link", { name: "Compare, 2 products" }).click();
  await expect(page).toHaveURL(/\/compare$/);
  const table = page.getByRole("table", { name: "Compared products" });
  await expect(table.getByRole("link", { name: "Summit Pro XC" })).toBeVisible();
  await expect(table.getByRole("link", { name: "Switchback Enduro" })).toBeVisible();
  // The two bicycles differ in price: that row is highlighted.
  await expect(table.locator('tr[data-differs="true"]').filter({ hasText: "₹81,999.00" })).toContainText(
    "₹30,999.00",
  );

  // Registering logs in, and the guest's wishlist joins the customer's list on the server.
  await register(page, { first: "Wren", last: "List", email: uniqueEmail("wren"), password: "secret12" });
  await expect.poll(serverWishlist).toEqual(["Summit Pro XC"]);
  await page.goto("/product/switchback-enduro");
  await detailButton("Add to wishlist").click();
  await expect(page.getByText("Added To Wishlist", { exact: true })).toBeVisible();
  await expect(page.getByText("Item Successfully Added To Wishlist", { exact: true })).toBeVisible();
  await expect.poll(serverWishlist).toEqual(["Summit Pro XC", "Switchback Enduro"]);

  await page.getByRole("link", { name: "Wishlist, 2 items" }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  const lines = page.getByTestId("wishlist-line");
  await expect(lines).toHaveCount(2);
  // Move to cart: the bicycle goes to the cart and leaves the wishlist.
  await lines.filter({ hasText: "Switchback Enduro" }).getByRole("button", { name: "Add To Cart" }).click();
  await expect(page.getByText("Added To Cart").last()).toBeVisible();
  await expect(lines).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Cart, 1 items" })).toBeVisible();
  await expect.poll(serverWishlist).toEqual(["Summit Pro XC"]);
  await page.getByRole("button", { name: "Clear Wishlist" }).click();
  await expect(page.getByText("Removed All From Wishlist")).toBeVisible();
  await expect(page.getByText("No items found in wishlist")).toBeVisible();
  await expect.poll(serverWishlist).toEqual([]);
  await page.reload();
  await expect(page.getByText("No items found in wishlist")).toBeVisible();

  await page.goto("/compare");
  await table.getByRole("button", { name: "Remove Summit Pro XC from compare" }).click();
  await expect(page.getByText("Removed From Compare")).toBeVisible();
  await table.getByRole("button", { name: "Remove Switchback Enduro from compare" }).click();
  await expect(page.getByText("No items found in compare")).toBeVisible();
  await expect(page.getByRole("link", { name: "Compare, 0 products" })).toBeVisible();
});

test("a guest checks out with an e-mail address and money transfer, after the form has named the missing fields", async ({
  page,
}) => {
  test.slow(); // a long journey; the machine may be busy with other builds
  await page.goto("/product/avenue-classic");
  await expect(page.getByRole("heading", { level: 1, name: "Avenue Classic" })).toBeVisible();
  await page.locator("#main").getByRole("button", { name: "Add To Cart", exact: true }).first().click();
  await expect(page.getByText("Added To Cart").last()).toBeVisible();

  await page.goto("/checkout");
  await continueCheckout(page, "Billing address");
  for (const message of [
    "Enter the first name.",
    "Enter a valid e-mail address.",
    "Enter the street address.",
    "Enter the town or city.",
    "Enter the postcode.",
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await fillAddress(page, {
    first: "Gus",
    last: "Guest",
    street: "9 Spoke Street",
    city: "Chennai",
    postcode: "600001",
    phone: "9800000099",
  });
  await page.locator("#main").getByRole("textbox", { name: "Email", exact: true }).fill(uniqueEmail("gus"));
  await continueCheckout(page, "Billing address");
  await page.getByRole("radio", { name: /Flat Rate/ }).check();
  await continueCheckout(page, "Shipping method");
  await page.getByRole("radio", { name: "Money Transfer" }).check();
  await continueCheckout(page, "Payment method");
  await expect(page.getByText(/Avenue Classic\s+× 1/)).toBeVisible();
  await page.getByRole("button", { name: "Place Order" }).click();

  await expect(page).toHaveURL(/\/ordersuccess\/\d+$/);
  const orderId = Number(new URL(page.url()).pathname.split("/").pop());
  const stored = await page.request.get(`/api/orders/${orderId}`);
  expect(stored.ok()).toBe(true);
  const order = ((await stored.json()) as { data: ApiOrder }).data;
  expect(order.items.map((i) => [i.name, i.qty_ordered])).toEqual([["Avenue Classic", 1]]);
  const receipt = page.getByTestId("order-receipt");
  await expect(receipt.getByTestId("receipt-line")).toContainText("Avenue Classic");
  await expect(receipt).toContainText(`Status${order.status_label}`);
  await expect(receipt).toContainText(`Grand Total${order.formated_grand_total}`);
  await expect(page.getByRole("button", { name: "Cart, 0 items" })).toBeVisible();
});
