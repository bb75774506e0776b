import { describe, expect, it } from "vitest";
import { cartMutationReplySchema } from "../src/api/contract/cart";
import { productListReplySchema } from "../src/api/contract/product";
import { reviewListReplySchema } from "../src/api/contract/review";
import { DEMO_CUSTOMER, makeApp, readCart, shopper } from "./test-utils";

/**
 * The keys Bagisto 1.3.3's product resource sends for simple and configurable products
 * (`packages/Webkul/API/Http/Resources/Catalog/Product.php` at tag v1.3.3; bagisto-api.md, "Product
 * resource"). Written out here on purpose, not imported: strictProduct() keeps exactly the server's PRODUCT_KEYS,
 * so a test against that list could never fail; this one holds the server's list against Bagisto's.
 */
const BAGISTO_PRODUCT_KEYS = new Set([
  "id",
  "sku",
  "type",
  "name",
  "url_key",
  "price",
  "formated_price",
  "short_description",
  "description",
  "images",
  "videos",
  "base_image",
  "created_at",
  "updated_at",
  "reviews",
  "in_stock",
  "is_saved",
  "is_wishlisted",
  "is_item_in_cart",
  "show_quantity_changer",
  "special_price",
  "formated_special_price",
  "regular_price",
  "formated_regular_price",
]);

const ADDRESS = {
  first_name: "Asha",
  last_name: "Rao",
  email: "asha@example.test",
  address1: ["12 MG Road"],
  city: "Bengaluru",
  state: "KA",
  postcode: "560001",
  country: "IN",
  phone: "9876543210",
  use_for_shipping: true,
};

async function strictShop() {
  return shopper(await makeApp({ bagistoStrict: true }));
}

/** A configurable bicycle and one of its variants in stock, as Bagisto tells them (product-configurable-config). */
async function variantOf(s: Awaited<ReturnType<typeof strictShop>>) {
  const list = productListReplySchema.parse((await s.get("/api/products?limit=20")).json);
  const bike = list.data.find((p) => p.type === "configurable")!;
  const config = (await s.get(`/api/product-configurable-config/${bike.id}`)).json.data;
  const [variantId, attrs] = Object.entries(config.index as Record<string, Record<string, number>>)[0]!;
  return { bike, variantId: Number(variantId), attrs, config };
}

describe("strict-Bagisto mode (BAGISTO_STRICT=1)", () => {
  it("sends products with Bagisto's keys only, price being the minimal price, and the storefront reads them", async () => {
    const s = await strictShop();
    const list = productListReplySchema.parse((await s.get("/api/products?limit=50")).json);
    expect(list.data.length).toBeGreaterThan(0);
    for (const p of list.data) {
      expect(Object.keys(p).filter((k) => !BAGISTO_PRODUCT_KEYS.has(k))).toEqual([]);
      if (p.special_price !== undefined) expect(p.price).toBe(p.special_price);
      expect(p).toMatchObject({ videos: [], is_saved: false });
    }
    const onSale = list.data.find((p) => p.special_price !== undefined)!;
    expect(Number(onSale.regular_price)).toBeGreaterThan(Number(onSale.price));
    const one = (await s.get(`/api/products/${onSale.id}`)).json.data;
    expect(Object.keys(one).filter((k) => !BAGISTO_PRODUCT_KEYS.has(k))).toEqual([]);

    const { config } = await variantOf(s);
    expect(config.variant_stock).toBeUndefined();
    expect(config.attributes[0].options[0].admin_name).toBeUndefined();
    expect(config.variant_videos).toEqual([]);
    const categories = (await s.get("/api/descendant-categories?parent_id=1")).json.data;
    expect(categories[0].include_in_menu).toBeUndefined();
    expect(categories[0].slug).toBe("mountain-bikes");
  });

  it("answers 404 to a GET and 405 to a POST of a route Bagisto lacks", async () => {
    const s = await strictShop();
    for (const path of [
      "brands",
      "getbanner",
      "page/about-us",
      "getattributes",
      "statelist?country=IN",
      "staff/me",
      "cart-handover/00000000-0000-4000-8000-000000000000",
      "test-rides/slots",
      "staff/test-rides",
      "staff/stock-alerts",
    ])
      expect(await s.get(`/api/${path}`)).toMatchObject({
        status: 404,
        json: { error: "Resource Not Found" },
      });
    expect((await s.get("/api/product-with-additional-information?new=1&limit=4")).status).toBe(404);
    for (const path of [
      "contactrequest",
      "contactsubscribe",
      "send-verification-code",
      "verify-code",
      "staff/cart-import",
      "test-rides",
      "stock-alerts",
    ])
      expect((await s.post(`/api/${path}`, {})).status).toBe(405);
    // What Bagisto has is still there.
    expect((await s.get("/api/country-states")).status).toBe(200);
  });

  it("refuses a variant add without quantity as Bagisto does, and adds it with quantity", async () => {
    const s = await strictShop();
    const { bike, variantId, attrs } = await variantOf(s);
    const variant = {
      is_configurable: true,
      selected_configurable_option: variantId,
      super_attribute: attrs,
    };
    const without = await s.post(`/api/checkout/cart/add/${bike.id}`, { ...variant, quantityCount: 1 });
    expect(without.status).toBe(200);
    expect(without.json).toEqual({ error: { message: "Undefined index: quantity", code: 0 } });
    expect(await readCart(s)).toBeNull();

    const added = await s.post(`/api/checkout/cart/add/${bike.id}`, { ...variant, quantity: 2 });
    const cart = cartMutationReplySchema.parse(added.json).data!;
    expect(cart.items[0]!.quantity).toBe(2);
    const line = added.json.data.items[0];
    for (const key of ["product_id", "color", "size"]) expect(line).not.toHaveProperty(key);
    expect(line.additional.selected_configurable_option).toBe(variantId);
    expect(Object.keys(line.product).filter((k) => !BAGISTO_PRODUCT_KEYS.has(k))).toEqual([]);
    await readCart(s);
  });

  it("answers save-address without a shipping key with Bagisto's 500, and takes it with one", async () => {
    const s = await strictShop();
    const list = productListReplySchema.parse((await s.get("/api/products?limit=50")).json);
    const simple = list.data.find((p) => p.type === "simple")!;
    await s.post(`/api/checkout/cart/add/${simple.id}`, { quantity: 1, is_configurable: false });
    const bare = await s.post("/api/checkout/save-address", { billing: ADDRESS });
    expect(bare).toMatchObject({ status: 500, json: { message: "Server Error" } });
    const ok = await s.post("/api/checkout/save-address", { billing: ADDRESS, shipping: { address1: [""] } });
    expect(ok.status).toBe(200);
    expect(ok.json.data.cart.items[0]).not.toHaveProperty("product_id");
    expect(ok.json.data.rates.length).toBeGreaterThan(0);
  });

  it("reads Bagisto's list filters only: category_id and option ids; a slug or a name is not one", async () => {
    const s = await strictShop();
    const ids = async (query: string) =>
      productListReplySchema
        .parse((await s.get(`/api/products?${query}&limit=50`)).json)
        .data.map((p) => p.id);
    const all = await ids("category_id=1");
    expect(await ids("category_id=1&cat_slug=road-bikes")).toEqual(all);
    expect(await ids("category_id=1&bestseller=1")).toEqual(all);
    const road = await ids("category_id=3");
    expect(road.length).toBeGreaterThan(0);
    expect(road.length).toBeLessThan(all.length);
    expect(await ids("category_id=1&color=red")).toEqual([]);
    expect((await ids("category_id=1&color=1")).length).toBeGreaterThan(0);
  });

  it("nests the product in a review, keeps an order from guests, and registers with a message alone", async () => {
    const s = await strictShop();
    const reviews = reviewListReplySchema.parse((await s.get("/api/reviews?limit=5")).json);
    expect(reviews.data.length).toBeGreaterThan(0);
    const first = (await s.get("/api/reviews?limit=1")).json.data[0];
    expect(first.product_id).toBeUndefined();
    expect(first.product.id).toEqual(expect.any(Number));
    expect(await s.get("/api/orders/1")).toMatchObject({ status: 401, json: { error: "Unauthenticated" } });
    const email = `strict-${Date.now()}@example.test`;
    const registered = await s.post("/api/customer/register", {
      first_name: "Strict",
      last_name: "Shopper",
      email,
      password: "secret12",
      password_confirmation: "secret12",
    });
    expect(registered.json).toEqual({ message: "Your account has been created successfully." });
    const login = await s.post("/api/customer/login?token=true", {
      email: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
    });
    expect(login.status).toBe(200);
  });
});
