import { describe, expect, it } from "vitest";
import { cartMutationReplySchema, couponReplySchema, STOCK_ERROR_MESSAGE } from "../../src/api/contract/cart";
import { formatMoney, SERVER_MONEY_FORMAT } from "../../src/api/contract/money";
import { makeApp, productSizes, readCart, shopper, withKey } from "../test-utils";

const RED_X = {
  quantityCount: 1,
  is_configurable: true,
  selected_configurable_option: 100,
  super_attribute: { 23: 0, 24: 6 },
};

describe("cart", () => {
  it("starts empty and gives a guest an HttpOnly SameSite=Lax session cookie on the first read, kept by the first add", async () => {
    const app = await makeApp();
    const s = shopper(app);
    const first = await s.get("/api/checkout/cart");
    expect(first.json.data).toBeNull();
    expect(first.headers.get("set-cookie")).toMatch(/bagisto_session=.*HttpOnly.*SameSite=Lax/i);
    const r = await s.post("/api/checkout/cart/add/45", { quantity: 1, is_configurable: false });
    expect(r.headers.get("set-cookie")).toBeNull();
    const body = cartMutationReplySchema.parse(r.json);
    expect(body.message).toBe("Item was successfully added to cart.");
    expect(body.data?.items).toHaveLength(1);
    const cart = (await readCart(s))!;
    expect(cart.formated_sub_total).toMatch(/^₹/);
    expect(cart.items[0]!.product?.id).toBe(45);
    const other = shopper(app);
    expect((await other.get("/api/checkout/cart")).json.data).toBeNull();
  });

  it("writes amounts above one lakh as the storefront does in English (₹169,918.82, not ₹1,69,918.82)", async () => {
    const s = shopper(await makeApp());
    // Corsa Lite (id 15), black M: ₹143,999.
    await s.post("/api/checkout/cart/add/15", {
      quantityCount: 1,
      is_configurable: true,
      selected_configurable_option: 1501,
      super_attribute: { 23: 3, 24: 7 },
    });
    const cart = (await readCart(s))!;
    expect(cart.formated_sub_total).toBe("₹143,999.00");
    expect(cart.formated_tax_total).toBe("₹25,919.82");
    expect(cart.formated_grand_total).toBe("₹169,918.82");
    expect(cart.formated_grand_total).toBe(formatMoney(Number(cart.grand_total), SERVER_MONEY_FORMAT));
    expect(cart.items[0]!.formated_total).toBe("₹143,999.00");
  });

  it("adds configurable variants by variant id or by super attributes and merges identical lines", async () => {
    const s = shopper(await makeApp());
    const sizes = await productSizes(s);
    const m = sizes.find((z) => z.name === "m")!;
    await s.post("/api/checkout/cart/add/1", {
      quantityCount: 1,
      is_configurable: true,
      selected_configurable_option: m.variant_id,
    });
    const cfg = (await s.get("/api/product-configurable-config/1")).json.data;
    const [variantId, attrs] = Object.entries(cfg.index as Record<string, Record<string, number>>).find(
      ([id]) => Number(id) === m.variant_id,
    )!;
    const r = await s.post("/api/checkout/cart/add/1", {
      quantityCount: 2,
      is_configurable: true,
      super_attribute: attrs,
    });
    const cart = cartMutationReplySchema.parse(r.json).data!;
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]!.quantity).toBe(3);
    expect(cart.items[0]!.additional?.selected_configurable_option).toBe(Number(variantId));
    expect(cart.items[0]!.size).toBe("m");
    // Bagisto's own form: `quantity`, no `quantityCount`.
    const bagisto = await s.post("/api/checkout/cart/add/1", {
      quantity: 2,
      is_configurable: true,
      selected_configurable_option: m.variant_id,
      super_attribute: attrs,
    });
    expect(cartMutationReplySchema.parse(bagisto.json).data!.items[0]!.quantity).toBe(5);
    const missing = await s.post("/api/checkout/cart/add/1", { quantity: 1, is_configurable: true });
    expect(missing.status).toBe(200);
    expect(missing.json.error.message).toBe("Options are missing for this product.");
  });

  it("refuses quantities above stock with 'Quantity exceeds to available stock'", async () => {
    const s = shopper(await makeApp());
    const sizes = await productSizes(s);
    const x = sizes.find((z) => z.name === "x")!;
    expect(x.stock).toBe(2);
    const over = await s.post("/api/checkout/cart/add/1", {
      ...RED_X,
      selected_configurable_option: x.variant_id,
      quantityCount: 3,
    });
    expect(over.status).toBe(200);
    expect(over.json.error.message).toBe(STOCK_ERROR_MESSAGE);
    const ok = await s.post("/api/checkout/cart/add/1", {
      ...RED_X,
      selected_configurable_option: x.variant_id,
      quantityCount: 2,
    });
    const itemId = ok.json.data.items[0].id as number;
    const again = await s.post("/api/checkout/cart/add/1", {
      ...RED_X,
      selected_configurable_option: x.variant_id,
      quantityCount: 1,
    });
    expect(again.json.error.message).toBe(STOCK_ERROR_MESSAGE);
    const upd = await s.put("/api/checkout/cart/update", { qty: { [itemId]: 3 } });
    expect(upd.status).toBe(422);
    expect(upd.json.message).toBe(STOCK_ERROR_MESSAGE);
    const zero = await s.put("/api/checkout/cart/update", { qty: { [itemId]: 0 } });
    expect(zero.status).toBe(422);
    const outOfStock = sizes.find((z) => z.stock === 0)!;
    const none = await s.post("/api/checkout/cart/add/1", {
      ...RED_X,
      selected_configurable_option: outOfStock.variant_id,
    });
    expect(none.json.error.message).toBe(STOCK_ERROR_MESSAGE);
    const plain = await s.post("/api/checkout/cart/add/43", { quantity: 3, is_configurable: false });
    expect((await s.get("/api/products/43")).json.data.stock).toBe(2);
    expect(plain.json.error.message).toBe(STOCK_ERROR_MESSAGE);
  });

  it("updates, removes and empties lines", async () => {
    const s = shopper(await makeApp());
    const add = await s.post("/api/checkout/cart/add/45", { quantity: 1, is_configurable: false });
    const id = add.json.data.items[0].id as number;
    const upd = cartMutationReplySchema.parse(
      (await s.put("/api/checkout/cart/update", { qty: { [id]: 2 } })).json,
    );
    expect(upd.message).toBe("Cart Item(s) successfully updated.");
    expect(upd.data?.items[0]?.quantity).toBe(2);
    expect((await s.put("/api/checkout/cart/update", { qty: { 999999: 1 } })).status).toBe(404);
    const rm = cartMutationReplySchema.parse((await s.get(`/api/checkout/cart/remove-item/${id}`)).json);
    expect(rm.data?.items).toHaveLength(0);
    expect((await s.get(`/api/checkout/cart/remove-item/${id}`)).status).toBe(404);
    await s.post("/api/checkout/cart/add/45", { quantity: 1 });
    const empty = await s.get("/api/checkout/cart/empty");
    expect(empty.json).toEqual({ message: "Item was removed successfully from the cart.", data: null });
    expect((await s.get("/api/checkout/cart")).json.data).toBeNull();
  });

  it("applies a valid coupon, refuses unknown and expired ones, and removes it", async () => {
    const s = shopper(await makeApp());
    await s.post("/api/checkout/cart/add/45", { quantity: 1 });
    const unknown = couponReplySchema.parse(
      (await s.post("/api/checkout/cart/coupon", { code: "NOPE" })).json,
    );
    expect(unknown).toMatchObject({ success: false, message: "Coupon code is invalid." });
    const expired = couponReplySchema.parse(
      (await s.post("/api/checkout/cart/coupon", { code: "SUMMER2025" })).json,
    );
    expect(expired).toMatchObject({ success: false, message: "Coupon code can't be applied." });
    const ok = couponReplySchema.parse((await s.post("/api/checkout/cart/coupon", { code: "bike10" })).json);
    expect(ok).toMatchObject({ success: true, message: "Coupon code applied successfully." });
    const cart = (await readCart(s))!;
    expect(cart.coupon_code).toBe("BIKE10");
    expect(Number(cart.discount)).toBeCloseTo(Number(cart.sub_total) * 0.1, 2);
    expect(Number(cart.tax_total)).toBeCloseTo((Number(cart.sub_total) - Number(cart.discount)) * 0.18, 1);
    const del = couponReplySchema.parse((await s.del("/api/checkout/cart/coupon")).json);
    expect(del.success).toBe(true);
    expect((await s.get("/api/checkout/cart")).json.data.coupon_code).toBeNull();
  });

  it("refuses a malformed coupon request with a 422 in zod's English words (zod/mini sets no locale of its own)", async () => {
    const s = shopper(await makeApp());
    const long = await s.post("/api/checkout/cart/coupon", { code: "X".repeat(51) });
    expect(long.status).toBe(422);
    expect(long.json).toEqual({
      message: "The given data was invalid.",
      errors: { code: ["Too big: expected string to have <=50 characters"] },
    });
    const blank = await s.post("/api/checkout/cart/coupon", { code: "   " });
    expect(blank.json.errors).toEqual({ code: ["Too small: expected string to have >=1 characters"] });
    const missing = await s.post("/api/checkout/cart/coupon", {});
    expect(missing.json.errors).toEqual({ code: ["The code field is required."] });
  });

  it("replays a write with the same Idempotency-Key and refuses the key for another body", async () => {
    const s = shopper(await makeApp());
    await s.post("/api/checkout/cart/add/45", { quantity: 1 });
    const once = withKey("add-36-once");
    const first = await s.post("/api/checkout/cart/add/36", { quantity: 1 }, once);
    const second = await s.post("/api/checkout/cart/add/36", { quantity: 1 }, once);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.json).toEqual(first.json);
    const cart = (await s.get("/api/checkout/cart")).json.data;
    expect(cart.items.find((i: { product_id: number }) => i.product_id === 36).quantity).toBe(1);
    const clash = await s.post("/api/checkout/cart/add/36", { quantity: 2 }, once);
    expect(clash.status).toBe(422);
    const wish = withKey("toggle-1");
    await s.login();
    const t1 = await s.get("/api/wishlist/add/3", wish);
    const t2 = await s.get("/api/wishlist/add/3", wish);
    expect(t2.json).toEqual(t1.json);
    expect((await s.get("/api/wishlist")).json.data).toHaveLength(1);
  });

  it("replays a guest's first write even though the retry now carries the new session cookie", async () => {
    const s = shopper(await makeApp());
    const once = withKey("first-guest-write");
    const first = await s.post("/api/checkout/cart/add/45", { quantity: 1 }, once);
    expect(s.cookie).toMatch(/^bagisto_session=/);
    const retry = await s.post("/api/checkout/cart/add/45", { quantity: 1 }, once);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.json).toEqual(first.json);
    expect((await s.get("/api/checkout/cart")).json.data.items[0].quantity).toBe(1);
  });

  it("follows Bagisto's token rules", async () => {
    const app = await makeApp();
    const s = shopper(app);
    const login = await s.login();
    const token = login.json.token as string;
    await s.post("/api/checkout/cart/add/45", { quantity: 1 });
    const noFlag = await app.request("/api/checkout/cart", { headers: { Authorization: `Bearer ${token}` } });
    expect(((await noFlag.json()) as { data: unknown }).data).toBeNull();
    const withFlag = await app.request("/api/checkout/cart?token=true", {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(((await withFlag.json()) as { data: { items: unknown[] } }).data.items).toHaveLength(1);
    const bad = await app.request("/api/checkout/cart?token=true", {
      headers: { Authorization: "Bearer not-a-real-token-aaaaaaaaaaaa" },
    });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ error: "Unauthenticated" });
    const noHeader = await app.request("/api/addresses?token=true");
    expect(noHeader.status).toBe(401);
    const tokenInUrl = await app.request(`/api/addresses?token=${token}`);
    expect(tokenInUrl.status).toBe(401);
  });

  it("merges the guest cart into the customer's cart at login", async () => {
    const app = await makeApp();
    const customer = shopper(app);
    await customer.login();
    await customer.post("/api/checkout/cart/add/45", { quantity: 1 });
    customer.setToken(null);
    const guest = shopper(app);
    await guest.post("/api/checkout/cart/add/45", { quantity: 2 });
    await guest.post("/api/checkout/cart/add/36", { quantity: 1 });
    await guest.login();
    const cart = (await readCart(guest))!;
    const byProduct = Object.fromEntries(cart.items.map((i) => [i.product_id, i.quantity]));
    expect(byProduct).toEqual({ 45: 3, 36: 1 });
    guest.setToken(null);
    expect((await guest.get("/api/checkout/cart")).json.data).toBeNull();
  });

  it("answers a write asked for `Prefer: return=minimal` with its message only, and the cart holds the change", async () => {
    const app = await makeApp();
    const s = shopper(app);
    const minimal = withKey("k-add-45", { Prefer: "return=minimal" });
    const add = await s.post("/api/checkout/cart/add/45", { quantity: 1, is_configurable: false }, minimal);
    expect(add.status).toBe(200);
    expect(add.headers.get("preference-applied")).toBe("return=minimal");
    expect(add.json).toEqual({ message: "Item was successfully added to cart." });
    await s.post("/api/checkout/cart/add/36", { quantity: 1, is_configurable: false });
    let cart = (await readCart(s))!;
    const line45 = cart.items.find((i) => i.product?.id === 45)!;
    const update = await s.put(
      "/api/checkout/cart/update",
      { qty: { [String(line45.id)]: 3 } },
      withKey("k-update", { Prefer: "return=minimal" }),
    );
    expect(update.json).toEqual({ message: "Cart Item(s) successfully updated." });
    const remove = await s.get(
      `/api/checkout/cart/remove-item/${cart.items.find((i) => i.product?.id === 36)!.id}`,
      withKey("k-remove", { Prefer: "return=minimal" }),
    );
    expect(remove.json).toEqual({ message: "Item was removed successfully from the cart." });
    cart = (await readCart(s))!;
    expect(cart.items.map((i) => [i.product?.id, i.quantity])).toEqual([[45, 3]]);
    // Without the preference the reply carries the cart, as Bagisto's does.
    const full = await s.put("/api/checkout/cart/update", { qty: { [String(line45.id)]: 2 } });
    expect(cartMutationReplySchema.parse(full.json).data?.items[0]?.quantity).toBe(2);
    // Another shopper's cart never reaches this line, whatever its id.
    const other = shopper(app);
    await other.post("/api/checkout/cart/add/36", { quantity: 1, is_configurable: false });
    expect((await other.put("/api/checkout/cart/update", { qty: { [String(line45.id)]: 1 } })).status).toBe(
      404,
    );
    expect((await readCart(s))!.items[0]?.quantity).toBe(2);
  });
});
