import { describe, expect, it } from "vitest";
import {
  saveAddressReplySchema,
  saveOrderReplySchema,
  savePaymentReplySchema,
  saveShippingReplySchema,
} from "../../src/api/contract/checkout";
import { orderListReplySchema, orderReplySchema } from "../../src/api/contract/order";
import { STOCK_ERROR_MESSAGE } from "../../src/api/contract/cart";
import { CHECKOUT_ADDRESS, makeApp, productSizes, shopper, type Shopper } from "../test-utils";

async function checkout(
  s: Shopper,
  payment = "cashondelivery",
  billing: Record<string, unknown> = CHECKOUT_ADDRESS,
) {
  const addr = await s.post("/api/checkout/save-address", {
    billing: { ...billing, use_for_shipping: true },
    shipping: { address1: [""] },
  });
  expect(addr.status).toBe(200);
  const rates = saveAddressReplySchema.parse(addr.json).data.rates;
  expect(rates[0]!.carrier_title).toBe("Flat Rate");
  // The client sends back the rate's method, as with Bagisto ("flatrate_flatrate").
  const method = rates[0]!.rates[0]!.method;
  expect(method).toBe("flatrate_flatrate");
  const ship = saveShippingReplySchema.parse(
    (await s.post("/api/checkout/save-shipping", { shipping_method: method })).json,
  );
  expect(ship.data.methods.map((m) => m.method)).toEqual(["cashondelivery", "moneytransfer"]);
  savePaymentReplySchema.parse(
    (await s.post("/api/checkout/save-payment", { payment: { method: payment } })).json,
  );
  const order = await s.post("/api/checkout/save-order");
  expect(order.status).toBe(200);
  return saveOrderReplySchema.parse(order.json).order;
}

describe("checkout", () => {
  it("turns a guest cart into an order with GST 18%, an invoice and decremented stock", async () => {
    const app = await makeApp();
    const s = shopper(app);
    const before = (await productSizes(s))[1]!;
    await s.post("/api/checkout/cart/add/1", {
      quantityCount: 2,
      is_configurable: true,
      selected_configurable_option: before.variant_id,
    });
    await s.post("/api/checkout/cart/coupon", { code: "BIKE10" });
    const order = await checkout(s);
    expect(order.status_label).toBe("Pending");
    expect(order.shipping_description).toBe("Flat Rate Shipping");
    expect(order.tax_percent).toBe(18);
    const sub = Number(order.sub_total);
    const disc = Number(order.discount_amount);
    expect(disc).toBeCloseTo(sub * 0.1, 2);
    expect(Number(order.tax_amount)).toBeCloseTo((sub - disc) * 0.18, 1);
    expect(Number(order.grand_total)).toBeCloseTo(sub - disc + Number(order.tax_amount) + 25, 1);
    expect(order.invoices).toHaveLength(1);
    expect(order.items[0]!.product?.base_image.small_image_url).toContain("/api/images/products/");
    const after = (await productSizes(s))[1]!;
    expect(after.stock).toBe(before.stock - 2);
    expect((await s.get("/api/checkout/cart")).json.data).toBeNull();
    const again = orderReplySchema.parse((await s.get(`/api/orders/${order.id}`)).json);
    expect(again.data.formated_grand_total).toBe(order.formated_grand_total);
    const stranger = shopper(app);
    expect((await stranger.get(`/api/orders/${order.id}`)).status).toBe(401);
  });

  it("places the order without reading back what it wrote: the session moved and the cart claimed first, one transaction, the reply from what the statements answered", async () => {
    const app = await makeApp();
    const s = shopper(app);
    // Two lines (two sizes in stock) and a coupon: each line's share of the discount.
    const sizes = (await productSizes(s)).filter((size) => size.stock >= 2).slice(0, 2);
    expect(sizes).toHaveLength(2);
    for (const size of sizes) {
      const add = await s.post("/api/checkout/cart/add/1", {
        quantity: 2,
        is_configurable: true,
        selected_configurable_option: size.variant_id,
      });
      expect(add.status).toBe(200);
    }
    await s.post("/api/checkout/cart/coupon", { code: "BIKE10" });
    await s.post("/api/checkout/save-address", {
      billing: { ...CHECKOUT_ADDRESS, use_for_shipping: true },
      shipping: { address1: [""] },
    });
    await s.post("/api/checkout/save-shipping", { shipping_method: "flatrate_flatrate" });
    await s.post("/api/checkout/save-payment", { payment: { method: "cashondelivery" } });
    // Every statement save-order runs (issue 36: a checkout's cost is its round trips).
    const ran: string[] = [];
    const store = app.deps.store as unknown as { exec: (c: { sql: string }, m: string) => Promise<unknown> };
    const exec = store.exec.bind(app.deps.store);
    store.exec = (c, m) => (ran.push(c.sql), exec(c, m));
    const reply = await s.post("/api/checkout/save-order");
    store.exec = exec;
    expect(reply.status).toBe(200);
    const order = saveOrderReplySchema.parse(reply.json).order;
    expect(order.increment_id).toBe(String(order.id));
    expect(order.billing_address.address1).toEqual(CHECKOUT_ADDRESS.address1);
    // The guest's session moves first, in the order's transaction, as every rotation moves it (carts, then
    // orders); then the claim: nothing of the cart is read before it.
    expect(ran.slice(0, 3).map((q) => q.split(" where ")[0])).toEqual([
      'update "carts" set "session_hash" = ' + (ran[0]!.includes("$1") ? "$1" : "?"),
      'update "orders" set "session_hash" = ' + (ran[0]!.includes("$1") ? "$1" : "?"),
      expect.stringMatching(/^update "carts" set "is_active"/),
    ]);
    expect(ran.filter((q) => /^insert into "order_items"/.test(q))).toHaveLength(1);
    expect(ran.filter((q) => /^insert into "order_addresses"/.test(q))).toHaveLength(1);
    // Nothing the order wrote is read back for the reply (the products' rows are only locked).
    const reads = ran.filter((q) =>
      /^select .* from "(carts|orders|order_items|order_addresses|invoices|products)"/.test(q),
    );
    expect(reads.filter((q) => !/ for no key update$/.test(q))).toEqual([]);
    // The reply is the order as it is stored: the same as reading it afterwards.
    const stored = orderReplySchema.parse((await s.get(`/api/orders/${order.id}`)).json).data;
    expect(reply.json.order).toEqual((await s.get(`/api/orders/${order.id}`)).json.data);
    expect(stored.items.map((i) => i.qty_ordered)).toEqual([2, 2]);
    expect(Number(stored.discount_amount)).toBeGreaterThan(0);
  });

  it("refreshes the remembered lists after an order: the stock and the bestseller total", async () => {
    const app = await makeApp();
    const s = shopper(app);
    const bestsellers = async () => (await s.get("/api/products?bestseller=1&limit=100")).json;
    const before = await bestsellers();
    await bestsellers(); // the reply and its total are now cached
    // Product 12 of the sample shop has sold 59, one short of a bestseller.
    const product = (await s.get("/api/products/12")).json.data;
    expect(product.saleCount).toBe(59);
    expect(before.data.some((p: { id: number }) => p.id === 12)).toBe(false);
    const variant = product.variation[0].size[0];
    await s.post("/api/checkout/cart/add/12", {
      quantityCount: 1,
      is_configurable: true,
      selected_configurable_option: variant.variant_id,
    });
    await checkout(s);
    const after = await bestsellers();
    expect(after.meta.total).toBe(before.meta.total + 1);
    const listed = after.data.find((p: { id: number }) => p.id === 12);
    expect(listed.saleCount).toBe(60);
    expect(listed.variation[0].size[0].stock).toBe(variant.stock - 1);
  });

  it("lists a customer's orders with pagination and hides other people's orders", async () => {
    const app = await makeApp();
    const s = shopper(app);
    await s.login();
    await s.post("/api/checkout/cart/add/45", { quantity: 1 });
    const order = await checkout(s, "moneytransfer");
    expect(order.payment_title).toBe("Money Transfer");
    const list = orderListReplySchema.parse((await s.get("/api/orders?limit=10&page=1")).json);
    expect(list.meta?.total).toBe(1);
    expect(list.data[0]!.id).toBe(order.id);
    const other = shopper(app);
    await other.post("/api/customer/register", {
      first_name: "A",
      last_name: "B",
      email: "ab@example.com",
      password: "secret12",
      password_confirmation: "secret12",
    });
    await other.login("ab@example.com", "secret12");
    expect((await other.get(`/api/orders/${order.id}`)).status).toBe(404);
    expect((await other.get("/api/orders")).json.meta.total).toBe(0);
    const cancel = await s.post(`/api/orders/${order.id}/cancel`);
    expect(cancel.json).toEqual({ status: true, message: "Order canceled successfully." });
  });

  it("keeps the billing company name on the cart's and the order's addresses, as Bagisto does", async () => {
    const app = await makeApp();
    const s = shopper(app);
    await s.login();
    await s.post("/api/checkout/cart/add/45", { quantity: 1 });
    const order = await checkout(s, "cashondelivery", {
      ...CHECKOUT_ADDRESS,
      company_name: "  Velora Cycles Ltd ",
      save_as_address: true,
    });
    expect(order.billing_address.company_name).toBe("Velora Cycles Ltd");
    expect(order.shipping_address?.company_name).toBe("Velora Cycles Ltd");
    const read = orderReplySchema.parse((await s.get(`/api/orders/${order.id}`)).json).data;
    expect(read.billing_address.company_name).toBe("Velora Cycles Ltd");
    // Saved to the book with it; a later checkout with that saved address carries it to the order.
    const book = (await s.get("/api/addresses")).json as {
      data: { id: number; company_name: string | null }[];
    };
    const saved = book.data.find((a) => a.company_name === "Velora Cycles Ltd");
    expect(saved).toBeDefined();
    await s.post("/api/checkout/cart/add/45", { quantity: 1 });
    const again = await checkout(s, "cashondelivery", { address_id: saved!.id, address1: ["H 23"] });
    expect(again.billing_address.company_name).toBe("Velora Cycles Ltd");
    // None given: none stored.
    await s.post("/api/checkout/cart/add/45", { quantity: 1 });
    expect((await checkout(s)).billing_address.company_name).toBeNull();
  });

  it("refuses steps out of order and an empty cart", async () => {
    const s = shopper(await makeApp());
    expect((await s.post("/api/checkout/save-address", { billing: CHECKOUT_ADDRESS })).status).toBe(400);
    await s.post("/api/checkout/cart/add/45", { quantity: 1 });
    const missing = await s.post("/api/checkout/save-address", { billing: { first_name: "A" } });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.json.errors)).toContain("billing.email");
    expect(
      (await s.post("/api/checkout/save-shipping", { shipping_method: "flatrate_flatrate" })).json.message,
    ).toBe("Please check shipping address.");
    await s.post("/api/checkout/save-address", { billing: { ...CHECKOUT_ADDRESS, use_for_shipping: true } });
    expect((await s.post("/api/checkout/save-shipping", { shipping_method: "teleport_now" })).status).toBe(
      422,
    );
    expect((await s.post("/api/checkout/save-order")).json.message).toBe("Please specify shipping method.");
    await s.post("/api/checkout/save-shipping", { shipping_method: "flatrate_flatrate" });
    expect((await s.post("/api/checkout/save-order")).json.message).toBe("Please specify payment method.");
    expect((await s.post("/api/checkout/save-payment", { payment: { method: "bitcoin" } })).status).toBe(422);
  });

  it("asks every cache to keep no checkout step, a refused one or an accepted one", async () => {
    const s = shopper(await makeApp());
    const empty = await s.post("/api/checkout/save-address", { billing: CHECKOUT_ADDRESS });
    expect(empty.status).toBe(400);
    await s.post("/api/checkout/cart/add/45", { quantity: 1 });
    const invalid = await s.post("/api/checkout/save-address", { billing: { first_name: "A" } });
    expect(invalid.status).toBe(422);
    const saved = await s.post("/api/checkout/save-address", {
      billing: { ...CHECKOUT_ADDRESS, use_for_shipping: true },
    });
    expect(saved.status).toBe(200);
    for (const r of [empty, invalid, saved]) expect(r.headers.get("cache-control")).toBe("no-store");
  });

  it("offers free shipping over the USD 200 threshold", async () => {
    const s = shopper(await makeApp());
    const expensive = (await s.get("/api/products?sort=price&order=desc&limit=1")).json.data[0];
    const variant = expensive.variation
      .flatMap((v: { size: Array<{ stock: number; variant_id: number }> }) => v.size)
      .find((z: { stock: number }) => z.stock > 0);
    await s.post(`/api/checkout/cart/add/${expensive.id}`, {
      quantity: 1,
      is_configurable: true,
      selected_configurable_option: variant.variant_id,
    });
    const addr = saveAddressReplySchema.parse(
      (
        await s.post("/api/checkout/save-address", {
          billing: { ...CHECKOUT_ADDRESS, use_for_shipping: true },
        })
      ).json,
    );
    expect(addr.data.rates.map((r) => r.carrier_title)).toEqual(["Flat Rate", "Free Shipping"]);
  });

  it("refuses the order when another shopper bought the last units first", async () => {
    const app = await makeApp();
    const a = shopper(app);
    const b = shopper(app);
    await a.post("/api/checkout/cart/add/43", { quantity: 2 });
    await b.post("/api/checkout/cart/add/43", { quantity: 2 });
    await checkout(a);
    await b.post("/api/checkout/save-address", { billing: { ...CHECKOUT_ADDRESS, use_for_shipping: true } });
    await b.post("/api/checkout/save-shipping", { shipping_method: "flatrate_flatrate" });
    await b.post("/api/checkout/save-payment", { payment: { method: "cashondelivery" } });
    const r = await b.post("/api/checkout/save-order");
    expect(r.status).toBe(422);
    expect(r.json.message).toBe(STOCK_ERROR_MESSAGE);
    expect((await b.get("/api/products/43")).json.data.stock).toBe(0);
  });
});
