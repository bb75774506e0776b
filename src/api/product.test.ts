import { describe, expect, it } from "vitest";
import { countryStatesReplySchema } from "./contract/address";
import { reshapeCart, reshapeCartItem } from "./cart";
import { cartItemSchema, cartSchema } from "./contract/cart";
import { configurableConfigSchema, productSchema } from "./contract/product";
import { reviewListReplySchema } from "./contract/review";
import { isAvailable, reshapeProduct, storedProductSchema, toAmount, totalStock } from "./product";

const image = {
  small_image_url: "/cache/small/p.jpg",
  medium_image_url: "/cache/medium/p.jpg",
  large_image_url: "/cache/large/p.jpg",
  original_image_url: "/storage/p.jpg",
};

/** A product as Bagisto 1.3.3's Resources/Catalog/Product.php sends it: none of the reference server's keys. */
const bagistoProduct = (over: Record<string, unknown> = {}) =>
  productSchema.parse({
    id: 5,
    sku: "trail-5",
    type: "configurable",
    name: "Trail 5",
    url_key: "trail-5",
    price: "900.0000",
    formated_price: "$900.00",
    short_description: "<p>Light</p>",
    description: "<p>Long</p>",
    images: [{ id: 1, path: "p.jpg", url: "/storage/p.jpg", ...image }],
    videos: [],
    base_image: image,
    created_at: "2021-09-27T00:00:00.000000Z",
    updated_at: "2021-09-27T00:00:00.000000Z",
    reviews: { total: 2, total_rating: 9, average_rating: "4.5", percentage: '{"5":50,"4":50}' },
    in_stock: true,
    is_saved: false,
    is_wishlisted: false,
    is_item_in_cart: false,
    show_quantity_changer: true,
    special_price: "900.0000",
    formated_special_price: "$900.00",
    regular_price: "1000.0000",
    formated_regular_price: "$1,000.00",
    variants: [],
    super_attributes: [],
    ...over,
  });

const config = configurableConfigSchema.parse({
  attributes: [
    {
      id: 23,
      code: "color",
      label: "Color",
      swatch_type: "color",
      options: [
        { id: 1, label: "Red", swatch_value: "#d32f2f", products: [51] },
        { id: 2, label: "Blue", swatch_value: "#1976d2", products: [53] },
      ],
    },
    {
      id: 24,
      code: "size",
      label: "Size",
      swatch_type: null,
      options: [
        { id: 7, label: "M", swatch_value: null, products: [51, 53] },
        { id: 8, label: "XL", swatch_value: null, products: [52] },
      ],
    },
  ],
  index: { "51": { "23": 1, "24": 7 }, "53": { "23": 2, "24": 7 }, "52": { "23": 1, "24": 8 } },
  variant_prices: {},
  variant_images: { "53": [image] },
  chooseText: "Choose an option",
  regular_price: { price: "1000.0000", formated_price: "$1,000.00" },
});

describe("a plain Bagisto 1.3 product", () => {
  it("parses without the reference server's keys and derives them", () => {
    const p = reshapeProduct(bagistoProduct());
    expect(p.urlKey).toBe("trail-5");
    expect(p.price).toBe(1000);
    expect(p.finalPrice).toBe(900);
    expect(p.discount).toBeCloseTo(10);
    expect(p.rating).toBe(4.5);
    expect(p.reviewCount).toBe(2);
    // Bagisto tells only that it is for sale: in stock, no quantity invented.
    expect(p.inStock).toBe(true);
    expect(p.stock).toBeNull();
    expect(p.hasVariants).toBe(true);
    expect(p.colours).toEqual([]);
    expect(p.categories).toEqual([]);
    expect(p.baseImage.medium).toBe("/cache/medium/p.jpg");
  });

  it("is out of stock with no stock when in_stock is false, and not discounted without a special price", () => {
    const p = reshapeProduct(
      bagistoProduct({
        type: "simple",
        in_stock: false,
        price: "1000.0000",
        special_price: undefined,
        regular_price: undefined,
      }),
    );
    expect(p.stock).toBe(0);
    expect(p.inStock).toBe(false);
    expect(p.discount).toBe(0);
    expect(p.finalPrice).toBe(1000);
  });

  it("takes its colours and sizes from product-configurable-config", () => {
    const p = reshapeProduct(bagistoProduct(), config);
    expect(p.colours.map((c) => c.color)).toEqual(["red", "blue"]);
    expect(p.colours[0]!.sizes).toEqual([
      { name: "m", stock: null, variantId: 51, optionId: 7 },
      { name: "xl", stock: null, variantId: 52, optionId: 8 },
    ]);
    expect(p.stock).toBeNull();
    expect(p.inStock).toBe(true);
    expect(p.colours[1]!.image).toBe("/cache/medium/p.jpg");
    expect(p.colours[0]!.swatch).toBe("#d32f2f");
    // English labels are the names themselves: nothing more to show.
    expect(p.colours.map((c) => c.label)).toEqual([undefined, undefined]);
  });

  it("shows a colour by its label in the shop's language and keeps its name for addresses and variants", () => {
    const french = configurableConfigSchema.parse({
      ...config,
      attributes: config.attributes.map((a) =>
        a.code === "color"
          ? {
              ...a,
              options: a.options.map((o) => ({
                ...o,
                admin_name: o.label,
                label: o.id === 1 ? "Rouge" : "Bleu",
              })),
            }
          : a,
      ),
    });
    const fromConfig = reshapeProduct(bagistoProduct(), french);
    expect(fromConfig.colours.map((c) => [c.color, c.label])).toEqual([
      ["red", "Rouge"],
      ["blue", "Bleu"],
    ]);
    const ours = reshapeProduct(
      bagistoProduct({
        variation: [{ color: "red", label: "Rot", swatch_value: "#d32f2f", image: "/r.jpg", size: [] }],
      }),
    );
    expect(ours.colours.map((c) => [c.color, c.label])).toEqual([["red", "Rot"]]);
  });
});

describe("Bagisto money (the one toAmount)", () => {
  it("reads numbers and decimal strings, and anything that is not wholly a number as 0", () => {
    expect(toAmount("50.0000")).toBe(50);
    expect(toAmount(20)).toBe(20);
    expect(toAmount("abc")).toBe(0);
    expect(toAmount("12abc")).toBe(0);
    expect(toAmount("")).toBe(0);
    expect(toAmount(null)).toBe(0);
    expect(toAmount(Number.NaN)).toBe(0);
  });

  it("gives the product a number, which the price, compare and wishlist views format as it is", () => {
    const product = reshapeProduct(bagistoProduct());
    expect(product.price).toBe(1000);
    expect(typeof product.price).toBe("number");
  });
});

describe("stock", () => {
  it("keeps the reference server's quantities, and sums them only when every one is told", () => {
    const ours = reshapeProduct(bagistoProduct({ type: "simple", stock: 4 }));
    expect([ours.stock, ours.inStock]).toEqual([4, true]);
    const soldOut = reshapeProduct(bagistoProduct({ type: "simple", stock: 0 }));
    expect([soldOut.stock, soldOut.inStock]).toEqual([0, false]);
    expect(totalStock([2, 3, 0])).toBe(5);
    expect(totalStock([2, null])).toBeNull();
    expect(totalStock([])).toBe(0);
  });

  it("counts an untold stock as available and none as not", () => {
    expect([isAvailable(null), isAvailable(1), isAvailable(0)]).toEqual([true, true, false]);
  });
});

describe("a product kept on the device (wishlist, compare list)", () => {
  it("reads back a copy the previous version stored in the API's shape, reshaped", () => {
    const old = {
      ...bagistoProduct(),
      variation: [
        { color: "red", swatch_value: "#d32f2f", image: "/r.jpg", size: [{ name: "m", stock: 3 }] },
      ],
    };
    const read = storedProductSchema.parse(JSON.parse(JSON.stringify(old)));
    expect(read).toMatchObject({ id: 5, urlKey: "trail-5", name: "Trail 5", finalPrice: 900 });
    expect(read.colours).toEqual([
      expect.objectContaining({ color: "red", sizes: [expect.objectContaining({ name: "m", stock: 3 })] }),
    ]);
    expect(read.baseImage.medium).toBe("/cache/medium/p.jpg");
  });

  it("reads back its own shape unchanged and drops what is neither", () => {
    const product = reshapeProduct(bagistoProduct());
    expect(storedProductSchema.parse(JSON.parse(JSON.stringify(product)))).toEqual(
      JSON.parse(JSON.stringify(product)),
    );
    expect(storedProductSchema.safeParse({ id: 5, name: "Trail 5" }).success).toBe(false);
  });
});

describe("other Bagisto replies", () => {
  it("accepts reviews with a nested product and no product_id", () => {
    const reply = reviewListReplySchema.parse({
      data: [
        {
          id: 1,
          title: "Great",
          rating: "5.0",
          comment: "Fast",
          name: "Ann",
          status: "approved",
          product: bagistoProduct(),
          created_at: null,
          updated_at: null,
        },
      ],
    });
    expect(reply.data[0]!.product?.id).toBe(5);
  });

  it("reads a cart line's product, variant, colour and size from `additional`", () => {
    const item = reshapeCartItem(
      cartItemSchema.parse({
        id: 11,
        quantity: 2,
        sku: "trail-5-red-m",
        type: "configurable",
        name: "Trail 5",
        price: "900.0000",
        formated_price: "$900.00",
        total: "1800.0000",
        formated_total: "$1,800.00",
        additional: {
          product_id: 5,
          quantity: 2,
          selected_configurable_option: 51,
          super_attribute: { "23": 1, "24": 7 },
          attributes: {
            color: { attribute_name: "Color", option_id: 1, option_label: "Red" },
            size: { attribute_name: "Size", option_id: 7, option_label: "M" },
          },
        },
        child: null,
        product: bagistoProduct(),
      }),
    );
    expect(item).toMatchObject({
      productId: 5,
      variantId: 51,
      color: "red",
      size: "m",
      unitPrice: 900,
      lineTotal: 1800,
    });
    expect(item.options).toEqual([
      { optionId: 23, valueId: 1 },
      { optionId: 24, valueId: 7 },
    ]);
    expect(item.product?.urlKey).toBe("trail-5");
  });
});

describe("a Bagisto cart", () => {
  it("reads its totals, quantity, coupon and delivery as numbers in the cart's currency", () => {
    // Resources/Checkout/Cart.php at 1.3.3: DECIMAL columns as strings, with formated_* beside them.
    const cart = reshapeCart(
      cartSchema.parse({
        id: 3,
        customer_email: null,
        customer_first_name: null,
        customer_last_name: null,
        shipping_method: "flatrate_flatrate",
        coupon_code: "SPRING",
        items_count: 1,
        items_qty: "2.0000",
        cart_currency_code: "USD",
        grand_total: "1710.0000",
        formated_grand_total: "$1,710.00",
        sub_total: "1800.0000",
        formated_sub_total: "$1,800.00",
        tax_total: "0.0000",
        formated_tax_total: "$0.00",
        discount: "100.0000",
        formated_discount: "$100.00",
        is_guest: 1,
        is_active: 1,
        items: [],
        selected_shipping_rate: {
          id: 1,
          carrier: "flatrate",
          carrier_title: "Flat Rate",
          method: "flatrate_flatrate",
          method_title: "Flat Rate",
          method_description: "Flat Rate Shipping",
          price: "10.0000",
          formated_price: "$10.00",
        },
        payment: null,
        billing_address: null,
        shipping_address: null,
      }),
    );
    expect(cart).toEqual({
      id: 3,
      quantity: 2,
      currency: "USD",
      couponCode: "SPRING",
      subtotal: 1800,
      discount: 100,
      tax: 0,
      grandTotal: 1710,
      shippingRate: { code: "flatrate_flatrate", carrier: "Flat Rate", title: "Flat Rate", price: 10 },
      items: [],
    });
  });
});

describe("Bagisto's country-states", () => {
  it("accepts the states keyed by country", () => {
    const state = { id: 1, country_code: "IN", code: "KA", default_name: "Karnataka" };
    expect(countryStatesReplySchema.parse({ data: { IN: [state] } }).data.IN).toEqual([state]);
  });
});
