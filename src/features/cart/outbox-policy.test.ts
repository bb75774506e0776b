import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { cartKeys } from "@/api/cart";
import { cartOutboxPolicy } from "./outbox-policy";

const line = { productId: 3, variantId: 8, cartItemId: null };

describe("the cart's outbox policy", () => {
  it("coalesces the outbox's cart writes by line: a remove cancels the line's waiting add and quantity", () => {
    const waiting = [
      {
        id: "add",
        mutationKey: cartKeys.add(),
        variables: { productId: 3, quantity: 1, variant: { variantId: 8, superAttribute: {} } },
        droppable: true,
      },
      { id: "set", mutationKey: cartKeys.setQuantity(), variables: { line, quantity: 2 }, droppable: true },
      {
        id: "other line",
        mutationKey: cartKeys.setQuantity(),
        variables: { line: { ...line, variantId: 9 }, quantity: 2 },
        droppable: true,
      },
    ];
    expect(
      cartOutboxPolicy.coalesce!(waiting, { mutationKey: cartKeys.remove(), variables: { line } }),
    ).toEqual({ drop: ["add", "set"], send: true });
  });

  it("names the lines added offline whose price the server's cart now states differently", () => {
    const client = new QueryClient();
    client.setQueryData(cartKeys.detail(), {
      items: [
        { productId: 3, variantId: 8, unitPrice: 950 },
        { productId: 4, variantId: null, unitPrice: 100 },
      ],
    });
    const add = (productId: number, variantId: number | null, seenPrice: number, label: string) => ({
      mutationKey: cartKeys.add(),
      variables: {
        productId,
        quantity: 1,
        seenPrice,
        variant: variantId === null ? null : { variantId, superAttribute: {} },
      },
      label,
    });
    expect(
      cartOutboxPolicy.priceChanges!(
        [
          add(3, 8, 900, "Trail 29"),
          add(4, null, 100, "Kid 16"),
          // A quantity change says nothing of the price.
          { mutationKey: cartKeys.setQuantity(), variables: { line, quantity: 2 }, label: "Trail 29" },
        ],
        client,
      ),
    ).toEqual([{ label: "Trail 29", from: 900, to: 950 }]);
  });
});
