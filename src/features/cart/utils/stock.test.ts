import { describe, expect, it } from "vitest";
import type { Product as WireProduct } from "@/api/contract/product";
import { reshapeProduct, type Product } from "@/api/product";
import { MAX_LINE_QUANTITY } from "@/api/contract/cart";
import {
  availableStock,
  canAddMore,
  isOutOfStock,
  lineLimit,
  remainingStock,
  toCartProduct,
  unitPrice,
  variantOf,
} from "./stock";

const image = { small_image_url: "s.svg", medium_image_url: "m.svg", large_image_url: "l.svg" };
const product = (over: Partial<WireProduct> = {}): Product =>
  reshapeProduct({
    id: 7,
    sku: "mtb-7",
    type: "configurable",
    name: "Trail 7",
    url_key: "trail-7",
    description: "",
    short_description: "",
    price: "1000.0000",
    formated_price: "₹1,000.00",
    discount: 10,
    new: false,
    rating: 4,
    saleCount: 1,
    stock: 6,
    in_stock: true,
    offerEnd: null,
    affiliateLink: null,
    categories: [],
    tags: [],
    images: [image],
    base_image: image,
    variation: [
      {
        color: "red",
        option_id: 1,
        image: "red.svg",
        size: [
          { name: "m", stock: 2, variant_id: 71, option_id: 7 },
          { name: "xl", stock: 0, variant_id: 72, option_id: 8 },
        ],
      },
      {
        color: "blue",
        option_id: 2,
        image: "blue.svg",
        size: [{ name: "m", stock: 4, variant_id: 73, option_id: 7 }],
      },
    ],
    basic_info: { name: "Trail 7", url_key: "trail-7", images: [], cat: [], additional_info: [] },
    configurable_options: [],
    ...over,
  } as WireProduct);

describe("stock rules", () => {
  it("reads the stock of the chosen colour and size, of a colour, or of the product", () => {
    expect(availableStock(product(), "red", "m")).toBe(2);
    expect(availableStock(product(), "red", "xl")).toBe(0);
    expect(availableStock(product(), "blue")).toBe(4);
    expect(availableStock(product())).toBe(6);
    expect(availableStock(product({ variation: [] }), "red", "m")).toBe(6);
  });

  it("says Out of Stock when in_stock is false or nothing is left", () => {
    expect(isOutOfStock(product())).toBe(false);
    expect(isOutOfStock(product({ in_stock: false }))).toBe(true);
    expect(isOutOfStock(product(), "red", "xl")).toBe(true);
    expect(isOutOfStock(product({ stock: 0, variation: [] }))).toBe(true);
  });

  it("allows adding while the cart holds less than the stock", () => {
    expect(canAddMore(0, 2)).toBe(true);
    expect(canAddMore(1, 2)).toBe(true);
    expect(canAddMore(2, 2)).toBe(false);
    expect(canAddMore(3, 2)).toBe(false);
    expect(remainingStock(1, 2)).toBe(1);
    expect(remainingStock(5, 2)).toBe(0);
  });

  it("does not invent a stock a plain Bagisto does not tell: in stock, limited only by what a line may ask", () => {
    const plain = product({ type: "simple", stock: undefined, variation: undefined });
    expect(availableStock(plain)).toBeNull();
    expect(isOutOfStock(plain)).toBe(false);
    expect(
      isOutOfStock(product({ type: "simple", stock: undefined, variation: undefined, in_stock: false })),
    ).toBe(true);
    expect(toCartProduct(plain).stock).toBeNull();
    expect(lineLimit(null)).toBe(MAX_LINE_QUANTITY);
    expect(canAddMore(150, null)).toBe(true);
    expect(canAddMore(MAX_LINE_QUANTITY, null)).toBe(false);
    expect(remainingStock(100, null)).toBe(MAX_LINE_QUANTITY - 100);
    // A colour with one size untold (Bagisto's configurable config lists sizes without quantities) is untold.
    const red = product().colours[0]!;
    const mixed: Product = {
      ...product(),
      stock: null,
      colours: [{ ...red, sizes: [red.sizes[0]!, { ...red.sizes[1]!, stock: null }] }],
    };
    expect(availableStock(mixed, "red", "m")).toBe(2);
    expect(availableStock(mixed, "red")).toBeNull();
  });

  it("finds the variant id and super attributes of a colour and size", () => {
    expect(variantOf(product(), "blue", "m")).toEqual({
      variantId: 73,
      options: [
        { optionId: 23, valueId: 2 },
        { optionId: 24, valueId: 7 },
      ],
    });
    expect(variantOf(product(), "green", "m")).toBeNull();
  });

  it("keeps the discounted unit price and the colour's image in the cart", () => {
    expect(unitPrice(product())).toBe(900);
    expect(unitPrice(product({ discount: 0 }))).toBe(1000);
    expect(toCartProduct(product(), "blue", "m")).toEqual({
      id: 7,
      name: "Trail 7",
      urlKey: "trail-7",
      sku: "mtb-7",
      image: "blue.svg",
      price: 900,
      stock: 4,
    });
  });
});
