import { describe, expect, it } from "vitest";
import { coalesceAll } from "@/offline/outbox/outbox-policy";
import { coalesceCart as coalesce, lineKey, priceChanges, type CartOutboxChange } from "./outbox-rules";

const A = lineKey(1, 10);
const B = lineKey(2, null);
const seq = (...changes: CartOutboxChange[]) =>
  coalesceAll(
    coalesce,
    changes.map((change, i) => ({ id: `c${i}`, change })),
  );

describe("outbox coalescing of cart changes", () => {
  it("keeps only the last quantity of a line", () => {
    expect(
      seq(
        { kind: "cart-add", line: A },
        { kind: "cart-set", line: A },
        { kind: "cart-set", line: A },
        { kind: "cart-set", line: B },
      ),
    ).toEqual(["c0", "c2", "c3"]);
  });

  it("cancels the waiting add and quantities of a removed line; the remove still goes (a no-op if the server lacks the line)", () => {
    expect(
      seq({ kind: "cart-add", line: A }, { kind: "cart-set", line: A }, { kind: "cart-remove", line: A }),
    ).toEqual(["c2"]);
  });

  it("keeps an add that may already have reached the server, and sends the remove after it", () => {
    const result = coalesce([{ id: "x", change: { kind: "cart-add", line: A }, droppable: false }], {
      kind: "cart-remove",
      line: A,
    });
    expect(result).toEqual({ drop: [], send: true });
  });

  it("never merges two adds: each adds its quantity", () => {
    expect(seq({ kind: "cart-add", line: A }, { kind: "cart-add", line: A })).toEqual(["c0", "c1"]);
  });

  it("drops every waiting line change when the cart is emptied, but keeps the coupon", () => {
    expect(
      seq(
        { kind: "cart-add", line: A },
        { kind: "coupon" },
        { kind: "cart-set", line: B },
        { kind: "cart-empty" },
      ),
    ).toEqual(["c1", "c3"]);
  });

  it("keeps the last coupon change", () => {
    expect(seq({ kind: "coupon" }, { kind: "coupon" })).toEqual(["c1"]);
  });

  it("does not drop a quantity change that may already be on its way", () => {
    const result = coalesce([{ id: "x", change: { kind: "cart-set", line: A }, droppable: false }], {
      kind: "cart-set",
      line: A,
    });
    expect(result).toEqual({ drop: [], send: true });
  });
});

describe("price changes after a replay", () => {
  const seen = (productId: number, variantId: number | null, price: number, label = `P${productId}`) => ({
    label,
    productId,
    variantId,
    price,
  });
  it("names a line whose server price differs from the price the shopper saw", () => {
    expect(
      priceChanges(
        [seen(1, null, 1000), seen(2, 7, 500)],
        [
          { productId: 1, variantId: null, price: 1200 },
          { productId: 2, variantId: 7, price: 500 },
        ],
      ),
    ).toEqual([{ label: "P1", from: 1000, to: 1200 }]);
  });
  it("tells variants of one product apart and ignores lines the server does not have", () => {
    expect(
      priceChanges(
        [seen(3, 8, 900), seen(3, 9, 900), seen(4, null, 100)],
        [
          { productId: 3, variantId: 8, price: 900 },
          { productId: 3, variantId: 9, price: 850 },
        ],
      ),
    ).toEqual([{ label: "P3", from: 900, to: 850 }]);
  });
  it("does not report rounding noise below a cent, nor the same line twice", () => {
    expect(
      priceChanges(
        [seen(5, null, 99.999), seen(5, null, 99.999)],
        [{ productId: 5, variantId: null, price: 100 }],
      ),
    ).toEqual([]);
    expect(
      priceChanges([seen(6, null, 10), seen(6, null, 10)], [{ productId: 6, variantId: null, price: 12 }]),
    ).toHaveLength(1);
  });
});
