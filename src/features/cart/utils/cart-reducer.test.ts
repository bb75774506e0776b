import { describe, expect, it } from "vitest";
import { FLAT_RATE_SHIPPING } from "@/api/contract/money";
import {
  cartQuantityOf,
  cartReducer,
  emptyCart,
  isSameLine,
  reconcile,
  recompute,
  TAX_AMOUNT,
  type CartProduct,
  type LocalCart,
  type ServerLine,
} from "./cart-reducer";

const bike = (id: number, price = 1000, stock = 10): CartProduct => ({
  id,
  name: `Bike ${id}`,
  urlKey: `bike-${id}`,
  sku: `sku-${id}`,
  image: null,
  price,
  stock,
});

const red = [
  { optionId: 23, valueId: 1 },
  { optionId: 24, valueId: 7 },
];
const blue = [
  { optionId: 23, valueId: 2 },
  { optionId: 24, valueId: 7 },
];

function add(
  cart: LocalCart,
  product: CartProduct,
  quantity = 1,
  extra: Partial<{ options: typeof red; color: string; size: string; variantId: number }> = {},
) {
  return cartReducer(cart, { type: "add", input: { product, quantity, ...extra } });
}

describe("the local cart", () => {
  it("starts empty with the Shipping 25 and Tax 0 lines and a zero total", () => {
    const c = emptyCart();
    expect(c.lines).toEqual([]);
    expect(c.quantity).toBe(0);
    expect(c.subtotal).toBe(0);
    expect(c.total).toBe(0);
    expect(c.extras).toEqual([
      { kind: "shipping", amount: FLAT_RATE_SHIPPING },
      { kind: "tax", amount: TAX_AMOUNT },
    ]);
    expect(FLAT_RATE_SHIPPING).toBe(25);
    expect(TAX_AMOUNT).toBe(0);
  });

  it("adds a plain product as a new line with a new id and recomputes the totals", () => {
    const c = add(emptyCart(), bike(1, 1000), 2);
    expect(c.lines).toHaveLength(1);
    expect(c.lines[0]).toMatchObject({ id: 1, quantity: 2, price: 1000, total: 2000, cartItemId: null });
    expect(c.lastItemId).toBe(1);
    expect(c.quantity).toBe(2);
    expect(c.subtotal).toBe(2000);
    expect(c.total).toBe(2000 + 25 + 0);
  });

  it("merges a plain product on the same id (quantity added, total recomputed)", () => {
    const c = add(add(emptyCart(), bike(1, 1000), 1), bike(1, 1000), 3);
    expect(c.lines).toHaveLength(1);
    expect(c.lines[0]).toMatchObject({ id: 1, quantity: 4, total: 4000 });
    expect(c.lastItemId).toBe(1);
  });

  it("keeps different plain products on separate lines", () => {
    const c = add(add(emptyCart(), bike(1, 1000)), bike(2, 500));
    expect(c.lines.map((l) => l.id)).toEqual([1, 2]);
    expect(c.subtotal).toBe(1500);
    expect(c.quantity).toBe(2);
  });

  it("merges a bicycle with options only on the same product and identical options", () => {
    let c = add(emptyCart(), bike(1), 1, { options: red });
    c = add(c, bike(1), 2, { options: [...red].reverse() });
    expect(c.lines).toHaveLength(1);
    expect(c.lines[0]?.quantity).toBe(3);
    c = add(c, bike(1), 1, { options: blue });
    expect(c.lines).toHaveLength(2);
    expect(c.lines[1]?.id).toBe(2);
    c = add(c, bike(1), 1);
    expect(c.lines).toHaveLength(3);
  });

  it("merges a variation product only on the same id, colour and size", () => {
    let c = add(emptyCart(), bike(1), 1, { color: "red", size: "m" });
    c = add(c, bike(1), 1, { color: "red", size: "m" });
    expect(c.lines).toHaveLength(1);
    expect(c.lines[0]?.quantity).toBe(2);
    c = add(c, bike(1), 1, { color: "red", size: "xl" });
    c = add(c, bike(1), 1, { color: "blue", size: "m" });
    c = add(c, bike(2), 1, { color: "red", size: "m" });
    expect(c.lines).toHaveLength(4);
    expect(c.lines.map((l) => l.id)).toEqual([1, 2, 3, 4]);
    expect(c.quantity).toBe(5);
  });

  it("treats an add below 1 as 1", () => {
    const c = add(emptyCart(), bike(1), 0);
    expect(c.lines[0]?.quantity).toBe(1);
  });

  it("decreases a line by one, and removes it when it is at 1", () => {
    let c = add(emptyCart(), bike(1, 100), 2);
    c = cartReducer(c, { type: "decrement", lineId: 1 });
    expect(c.lines[0]).toMatchObject({ quantity: 1, total: 100 });
    expect(c.total).toBe(125);
    c = cartReducer(c, { type: "decrement", lineId: 1 });
    expect(c.lines).toEqual([]);
    expect(c.total).toBe(0);
    expect(c.quantity).toBe(0);
  });

  it("ignores a decrement of a line it does not have", () => {
    const c = add(emptyCart(), bike(1));
    expect(cartReducer(c, { type: "decrement", lineId: 99 })).toBe(c);
  });

  it("increases a line by one", () => {
    const c = cartReducer(add(emptyCart(), bike(1, 100)), { type: "increment", lineId: 1 });
    expect(c.lines[0]).toMatchObject({ quantity: 2, total: 200 });
    expect(c.subtotal).toBe(200);
  });

  it("sets a quantity, and removes the line at 0", () => {
    let c = cartReducer(add(emptyCart(), bike(1, 100)), { type: "setQuantity", lineId: 1, quantity: 5 });
    expect(c.lines[0]?.quantity).toBe(5);
    expect(c.subtotal).toBe(500);
    c = cartReducer(c, { type: "setQuantity", lineId: 1, quantity: 0 });
    expect(c.lines).toEqual([]);
  });

  it("deletes one line and keeps the others", () => {
    let c = add(add(emptyCart(), bike(1, 100)), bike(2, 50));
    c = cartReducer(c, { type: "delete", lineId: 1 });
    expect(c.lines.map((l) => l.product.id)).toEqual([2]);
    expect(c.subtotal).toBe(50);
    expect(c.total).toBe(75);
  });

  it("deletes all lines, keeps the id counter so new lines get new ids", () => {
    let c = add(add(emptyCart(), bike(1)), bike(2));
    c = cartReducer(c, { type: "deleteAll" });
    expect(c.lines).toEqual([]);
    expect(c.quantity).toBe(0);
    expect(c.subtotal).toBe(0);
    expect(c.total).toBe(0);
    c = add(c, bike(3));
    expect(c.lines[0]?.id).toBe(3);
  });

  it("rounds money to cents", () => {
    const c = add(emptyCart(), bike(1, 10.005), 3);
    expect(c.subtotal).toBe(30.02);
    expect(recompute({ ...c }).subtotal).toBe(30.02);
  });

  it("counts the quantity of a product, colour and size across lines", () => {
    let c = add(emptyCart(), bike(1), 2, { color: "red", size: "m" });
    c = add(c, bike(1), 3, { color: "red", size: "xl" });
    expect(cartQuantityOf(c, 1, "red", "m")).toBe(2);
    expect(cartQuantityOf(c, 1, "red")).toBe(5);
    expect(cartQuantityOf(c, 1)).toBe(5);
    expect(cartQuantityOf(c, 2)).toBe(0);
  });

  it("compares lines by the merge rule", () => {
    const line = { product: bike(1), options: [], selectedProductColor: null, selectedProductSize: null };
    expect(isSameLine(line, { productId: 1, options: [], color: null, size: null })).toBe(true);
    expect(isSameLine(line, { productId: 2, options: [], color: null, size: null })).toBe(false);
    expect(isSameLine(line, { productId: 1, options: red, color: null, size: null })).toBe(false);
    expect(isSameLine(line, { productId: 1, options: [], color: "red", size: "m" })).toBe(false);
  });
});

describe("reconciling with the server cart", () => {
  const server = (over: Partial<ServerLine>): ServerLine => ({
    cartItemId: 11,
    productId: 1,
    variantId: null,
    quantity: 1,
    price: 1000,
    color: null,
    size: null,
    options: [],
    product: bike(1),
    ...over,
  });

  it("takes the server quantity, price and line id for a line the device has", () => {
    const c = reconcile(add(emptyCart(), bike(1, 1000), 2), [server({ quantity: 3, price: 900 })]);
    expect(c.lines).toHaveLength(1);
    expect(c.lines[0]).toMatchObject({ id: 1, quantity: 3, price: 900, total: 2700, cartItemId: 11 });
  });

  it("takes the server's stock, so the stock limit follows what others bought", () => {
    const c = reconcile(add(emptyCart(), bike(1, 1000, 3)), [server({ product: bike(1, 1000, 1) })]);
    expect(c.lines[0]!.product.stock).toBe(1);
  });

  it("takes an untold stock as untold, not as the last known number", () => {
    const c = reconcile(add(emptyCart(), bike(1, 1000, 3)), [
      server({ product: { ...bike(1, 1000), stock: null } }),
    ]);
    expect(c.lines[0]!.product.stock).toBeNull();
  });

  it("matches variants by variant id", () => {
    let c = add(emptyCart(), bike(1), 1, { color: "red", size: "m", variantId: 5, options: red });
    c = add(c, bike(1), 1, { color: "blue", size: "m", variantId: 6, options: blue });
    c = reconcile(c, [
      server({ cartItemId: 21, variantId: 6, quantity: 4, color: "blue", size: "m", options: blue }),
    ]);
    expect(c.lines).toHaveLength(1);
    expect(c.lines[0]).toMatchObject({ id: 2, selectedProductColor: "blue", quantity: 4, cartItemId: 21 });
  });

  it("drops lines the server does not have and adds the ones the device lacks with new ids", () => {
    const c = reconcile(add(emptyCart(), bike(1)), [
      server({ cartItemId: 30, productId: 2, product: bike(2, 400), price: 400 }),
    ]);
    expect(c.lines).toHaveLength(1);
    expect(c.lines[0]).toMatchObject({ id: 2, cartItemId: 30, quantity: 1, total: 400 });
    expect(c.lastItemId).toBe(2);
  });

  it("empties the cart when the server has no lines", () => {
    const c = reconcile(add(emptyCart(), bike(1)), []);
    expect(c.lines).toEqual([]);
    expect(c.total).toBe(0);
  });

  it("keeps the server's tax rate on its Tax line: the device cart then costs what the server's does", () => {
    let c = add(emptyCart(), bike(1, 10000));
    // SPEC's Tax 0 until a server has priced the cart
    expect(c.extras).toEqual([
      { kind: "shipping", amount: 25 },
      { kind: "tax", amount: 0 },
    ]);
    c = cartReducer(c, { type: "reconcile", lines: [server({ price: 10000 })], taxPercent: 18 });
    expect(c.extras[1]).toEqual({ kind: "tax", amount: 1800, percent: 18 });
    expect(c.total).toBe(11825);
    // a line added offline: the tax follows the subtotal at the server's rate
    c = add(c, bike(2, 5000));
    expect(c.extras[1]).toEqual({ kind: "tax", amount: 2700, percent: 18 });
    expect(c.total).toBe(15000 + 2700 + 25);
    // a reply that cannot tell a rate (an empty cart) keeps the rate
    c = cartReducer(c, { type: "reconcile", lines: [server({ price: 10000 })], taxPercent: null });
    expect(c.extras[1]).toMatchObject({ percent: 18, amount: 1800 });
  });
});
