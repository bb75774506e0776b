import { describe, expect, it } from "vitest";
import { coalesce, coalesceAll, lineKey, type OutboxChange } from "./outbox-rules";

const A = lineKey(1, 10);
const B = lineKey(2, null);
const seq = (...changes: OutboxChange[]) =>
  coalesceAll(changes.map((change, i) => ({ id: `c${i}`, change })));

describe("outbox coalescing", () => {
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

  it("keeps the last wishlist intent per product", () => {
    expect(
      seq(
        { kind: "wishlist", productId: 7 },
        { kind: "wishlist", productId: 8 },
        { kind: "wishlist", productId: 7 },
      ),
    ).toEqual(["c1", "c2"]);
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
