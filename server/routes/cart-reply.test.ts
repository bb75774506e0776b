import zlib from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { cartMutationReplySchema, cartReplySchema, STOCK_ERROR_MESSAGE } from "../../src/api/contract/cart";
import { sha256 } from "../lib/crypto";
import {
  CHECKOUT_ADDRESS,
  makeApp,
  productSizes,
  shopper,
  withKey,
  type Reply,
  type Shopper,
} from "../test-utils";
import type { App } from "../app";

/** The fields of a cart reply and of a line, in the order the reply has always written them. */
const CART_FIELDS = [
  "id",
  "customer_email",
  "customer_first_name",
  "customer_last_name",
  "shipping_method",
  "coupon_code",
  "is_gift",
  "items_count",
  "items_qty",
  "exchange_rate",
  "global_currency_code",
  "base_currency_code",
  "channel_currency_code",
  "cart_currency_code",
  "grand_total",
  "formated_grand_total",
  "base_grand_total",
  "formated_base_grand_total",
  "sub_total",
  "formated_sub_total",
  "base_sub_total",
  "formated_base_sub_total",
  "tax_total",
  "formated_tax_total",
  "base_tax_total",
  "formated_base_tax_total",
  "discount",
  "formated_discount",
  "base_discount",
  "formated_base_discount",
  "formated_discounted_sub_total",
  "formated_base_discounted_sub_total",
  "checkout_method",
  "is_guest",
  "is_active",
  "conversion_time",
  "items",
  "selected_shipping_rate",
  "payment",
  "billing_address",
  "shipping_address",
  "taxes",
  "formated_taxes",
  "base_taxes",
  "formated_base_taxes",
  "created_at",
  "updated_at",
];
const LINE_FIELDS = [
  "id",
  "quantity",
  "sku",
  "type",
  "name",
  "product_id",
  "coupon_code",
  "weight",
  "total_weight",
  "base_total_weight",
  "price",
  "formated_price",
  "base_price",
  "formated_base_price",
  "custom_price",
  "formated_custom_price",
  "total",
  "formated_total",
  "base_total",
  "formated_base_total",
  "tax_percent",
  "tax_amount",
  "formated_tax_amount",
  "base_tax_amount",
  "formated_base_tax_amount",
  "discount_percent",
  "discount_amount",
  "formated_discount_amount",
  "base_discount_amount",
  "formated_base_discount_amount",
  "additional",
  "color",
  "size",
  "created_at",
  "updated_at",
  "child",
  "product",
];

/**
 * What the database holds of the shopper's cart, as its reply shows it: the cart, and its lines in order,
 * each with its product's own detail reply.
 */
async function storedCart(app: App, s: Shopper) {
  const { carts, store } = app.deps;
  const cart = (await carts.find({ sessionHash: sha256(s.cookie.split("=")[1]!) }))!;
  const lines = await store.all(
    store.qb.selectFrom("cart_items").selectAll().where("cart_id", "=", cart.id).orderBy("id"),
  );
  return {
    id: cart.id,
    shipping_method: cart.shipping_method,
    items_count: lines.length,
    items: await Promise.all(
      lines.map(async (l) => ({
        id: l.id,
        product_id: l.product_id,
        quantity: l.quantity,
        product: (await s.get(`/api/products/${l.product_id}`)).json.data,
      })),
    ),
    created_at: cart.created_at,
    updated_at: cart.updated_at,
  };
}

/**
 * A reply holding the cart: `fields`, then `data` (a checkout step's: `data` = `checkout` then `cart`). Its
 * text is what one JSON.stringify of it writes (nothing lost, doubled or misplaced around the spliced
 * product views), its fields in the order the reply has always written them, the cart as stored.
 */
async function expectCartReply(
  app: App,
  s: Shopper,
  r: Reply,
  fields: Record<string, unknown>,
  checkout?: Record<string, unknown>,
) {
  expect(r.headers.get("content-type")).toBe("application/json");
  expect(r.headers.get("cache-control")).toBe("no-store");
  expect(r.text).toBe(JSON.stringify(JSON.parse(r.text)));
  const cart = await storedCart(app, s);
  const expected = { ...fields, data: checkout ? { ...checkout, cart } : cart };
  expect(r.json).toMatchObject(expected);
  expect(Object.keys(r.json)).toEqual(Object.keys(expected));
  if (checkout) expect(Object.keys(r.json.data)).toEqual(Object.keys(expected.data));
  const data = checkout ? r.json.data.cart : r.json.data;
  expect(Object.keys(data)).toEqual(CART_FIELDS);
  for (const item of data.items as Record<string, unknown>[]) expect(Object.keys(item)).toEqual(LINE_FIELDS);
}

describe("the cart's reply", () => {
  it("of several lines is the cart as stored, each product as its own detail reply, in the cart routes, the checkout steps and a retry's recovery alike", async () => {
    const app = await makeApp();
    const s = shopper(app);
    const simple = (await s.get("/api/products?limit=50")).json.data
      .filter((p: { type: string }) => p.type === "simple")
      .map((p: { id: number }) => p.id) as number[];
    expect(simple.length).toBeGreaterThanOrEqual(2);
    const variant = (await productSizes(s))[1]!.variant_id;
    await s.post("/api/checkout/cart/add/1", {
      quantityCount: 2,
      is_configurable: true,
      selected_configurable_option: variant,
    });
    await s.post(`/api/checkout/cart/add/${simple[0]}`, { quantity: 1, is_configurable: false });
    const added = await s.post(`/api/checkout/cart/add/${simple[1]}`, {
      quantity: 2,
      is_configurable: false,
    });
    await expectCartReply(app, s, added, { message: "Item was successfully added to cart." });
    const coupon = await s.post("/api/checkout/cart/coupon", { code: "BIKE10" });
    await expectCartReply(app, s, coupon, { success: true, message: "Coupon code applied successfully." });
    const address = await s.post("/api/checkout/save-address", {
      billing: { ...CHECKOUT_ADDRESS, use_for_shipping: true },
      shipping: { address1: [""] },
    });
    await expectCartReply(app, s, address, {}, { rates: expect.any(Array) });
    const shipping = await s.post("/api/checkout/save-shipping", { shipping_method: "flatrate_flatrate" });
    await expectCartReply(app, s, shipping, {}, { methods: expect.any(Array) });
    const payment = await s.post("/api/checkout/save-payment", { payment: { method: "cashondelivery" } });
    await expectCartReply(app, s, payment, {}, {});
    const minimum = await s.post("/api/checkout/check-minimum-order");
    await expectCartReply(app, s, minimum, { status: true, message: "Success" }, {});

    const r = await s.get("/api/checkout/cart");
    await expectCartReply(app, s, r, {});
    const cart = cartReplySchema.parse(r.json).data!;
    expect(cart.items).toHaveLength(3);
    expect(cart.coupon_code).toBe("BIKE10");
    expect(cart.selected_shipping_rate?.method).toBe("flatrate_flatrate");
    expect(cart.billing_address?.city).toBe("Noida");
    expect(cart.items.map((i) => i.product_id)).toEqual([1, simple[0], simple[1]]);
    expect((r.json.data.items[0].child as { type: string }).type).toBe("simple");

    const line = cart.items[1]!.id;
    const updated = await s.put("/api/checkout/cart/update", { qty: { [line]: 3 } });
    await expectCartReply(app, s, updated, { message: "Cart Item(s) successfully updated." });
    expect(cartMutationReplySchema.parse(updated.json).data?.items[1]?.quantity).toBe(3);
    const refused = await s.post(`/api/checkout/cart/add/${simple[1]}`, {
      quantity: 999,
      is_configurable: false,
    });
    await expectCartReply(app, s, refused, {
      error: { message: STOCK_ERROR_MESSAGE, code: 0 },
      message: STOCK_ERROR_MESSAGE,
    });
    // A single retry of a change a batch made: the cart as it is now (the idempotency keys' recovery).
    const key = "made-in-a-batch";
    await s.post("/api/checkout/cart/batch", {
      changes: [{ idempotency_key: key, action: "add", product_id: simple[0], quantity: 1 }],
    });
    const retry = await s.post(`/api/checkout/cart/add/${simple[0]}`, { quantity: 1 }, withKey(key));
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    await expectCartReply(app, s, retry, { message: "Cart Item(s) successfully updated." });
  });

  it("is read in three queries however many lines the cart has (the cart, its lines with their products, its addresses)", async () => {
    const app = await makeApp({ catalogVersionCheckMs: 60_000 });
    const { store } = app.deps;
    const s = shopper(app);
    // A line of each of the first eight products that has stock (a variant's, if it has variants).
    type Size = { variant_id: number; stock: number };
    const products = (await s.get("/api/products?limit=20")).json.data as {
      id: number;
      type: string;
      variation?: { size: Size[] }[];
    }[];
    const adds = products
      .map((p) => {
        if (p.type === "simple") return { id: p.id, body: { quantity: 1, is_configurable: false } };
        const size = (p.variation ?? []).flatMap((v) => v.size).find((z) => z.stock > 0);
        return size
          ? {
              id: p.id,
              body: { quantity: 1, is_configurable: true, selected_configurable_option: size.variant_id },
            }
          : null;
      })
      .filter((a) => a !== null)
      .slice(0, 8);
    const queries = async () => {
      const all = vi.spyOn(store, "allCompiled");
      const first = vi.spyOn(store, "firstCompiled");
      const r = await s.get("/api/checkout/cart");
      const n = all.mock.calls.length + first.mock.calls.length;
      all.mockRestore();
      first.mockRestore();
      return { n, lines: (r.json.data?.items ?? []).length as number };
    };
    const counts = [];
    for (const add of adds) {
      expect((await s.post(`/api/checkout/cart/add/${add.id}`, add.body)).json.message).toBe(
        "Item was successfully added to cart.",
      );
      await s.get("/api/checkout/cart");
      counts.push(await queries());
    }
    expect(counts.map((c) => c.lines)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(counts.map((c) => c.n)).toEqual(counts.map(() => 3));
  });

  it("is compressed with brotli for a browser that takes it, else gzip, and stays no-store", async () => {
    const app = await makeApp();
    const s = shopper(app);
    const sizes = await productSizes(s);
    for (const size of sizes.slice(0, 2)) {
      await s.post("/api/checkout/cart/add/1", {
        quantityCount: 1,
        is_configurable: true,
        selected_configurable_option: size.variant_id,
      });
    }
    const plain = await s.get("/api/checkout/cart");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.json.data.items).toHaveLength(2);
    const read = async (acceptEncoding: string) => {
      const r = await app.request("/api/checkout/cart", {
        headers: { Cookie: s.cookie, "Accept-Encoding": acceptEncoding },
      });
      expect(r.headers.get("vary")).toContain("Accept-Encoding");
      expect(r.headers.get("cache-control")).toBe("no-store");
      const bytes = Buffer.from(await r.arrayBuffer());
      const encoding = r.headers.get("content-encoding");
      const text = (encoding === "br" ? zlib.brotliDecompressSync(bytes) : zlib.gunzipSync(bytes)).toString();
      return { encoding, text };
    };
    expect(await read("gzip, deflate, br, zstd")).toEqual({ encoding: "br", text: plain.text });
    expect(await read("gzip, deflate")).toEqual({ encoding: "gzip", text: plain.text });
  });

  it("without a cart is data: null", async () => {
    const r = await shopper(await makeApp()).get("/api/checkout/cart");
    expect(r.text).toBe('{"data":null}');
    expect(r.headers.get("cache-control")).toBe("no-store");
  });
});
