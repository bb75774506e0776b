import { describe, expect, it } from "vitest";
import { cartReducer, emptyCart } from "./cart-reducer";
import { serverCartTotals, taxPercentOf, type PricedCart } from "./cart-totals";

// The reference server's cart of 17,598.40 (two bicycles): GST 18 % on the net, no shipping chosen yet.
const priced: PricedCart = {
  subtotal: 17598.4,
  discount: 0,
  tax: 3167.71,
  grandTotal: 20766.11,
  shippingRate: null,
};

describe("cart totals: one rule on the device and from the server", () => {
  it("the device cart and the server cart of the same lines show the same totals", () => {
    const server = serverCartTotals(priced);
    expect(server).toEqual({ shipping: 25, tax: 3167.71, total: 20791.11 });
    let device = cartReducer(emptyCart(), {
      type: "add",
      input: {
        product: { id: 1, name: "A", urlKey: "a", sku: "a", image: null, price: 17598.4, stock: 5 },
        quantity: 1,
      },
    });
    device = cartReducer(device, {
      type: "reconcile",
      lines: [
        {
          cartItemId: 1,
          productId: 1,
          variantId: null,
          quantity: 1,
          price: 17598.4,
          color: null,
          size: null,
          options: [],
          product: device.lines[0]!.product,
        },
      ],
      taxPercent: taxPercentOf(priced),
    });
    expect({
      shipping: device.extras[0]!.amount,
      tax: device.extras[1]!.amount,
      total: device.total,
    }).toEqual(server);
  });

  it("a chosen shipping rate is the server's, already in its grand total", () => {
    expect(serverCartTotals({ ...priced, shippingRate: { price: 0 }, grandTotal: 20766.11 })).toEqual({
      shipping: 0,
      tax: 3167.71,
      total: 20766.11,
    });
  });

  it("a discount lowers the net the rate is read from", () => {
    const withCoupon = { ...priced, discount: 1759.84, tax: 2850.94, grandTotal: 18689.5 };
    expect(taxPercentOf(withCoupon)).toBe(18);
  });
});
