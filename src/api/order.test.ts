import { describe, expect, it } from "vitest";
import { sampleOrder } from "../../tests/msw/shopping-handlers";
import { reshapeOrder, storedOrderSchema } from "./order";

describe("an order", () => {
  it("is read with its number, status and amounts as numbers in the order's currency", () => {
    const order = reshapeOrder(sampleOrder({ id: 8 }));
    expect(order).toMatchObject({
      id: 8,
      number: "5",
      statusLabel: "Pending",
      currency: "INR",
      subtotal: 18000,
      grandTotal: 21265,
    });
    expect(order.lines.length).toBeGreaterThan(0);
    expect(typeof order.lines[0]!.lineTotal).toBe("number");
  });

  it("kept as the last receipt by the previous version (the API's shape), is read back reshaped", () => {
    const old = JSON.parse(JSON.stringify(sampleOrder({ id: 8 }))) as unknown;
    expect(storedOrderSchema.parse(old)).toEqual(reshapeOrder(sampleOrder({ id: 8 })));
    const kept = JSON.parse(JSON.stringify(reshapeOrder(sampleOrder({ id: 8 })))) as unknown;
    expect(storedOrderSchema.parse(kept)).toEqual(kept);
    expect(storedOrderSchema.safeParse({ id: 8, number: "5" }).success).toBe(false);
  });
});
