// @vitest-environment happy-dom
import { QueryClient } from "@tanstack/react-query";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { server } from "../../../../tests/msw/server";
import { addCartLine, cartKeys, cartMutations, type AddCartLineVariables } from "@/api/cart";
import { toSyncRecord } from "@/offline/background-sync/background-sync";
import { createApiState } from "@/api/api-state";
import { cartOutboxPolicy as policyFor } from "./outbox-policy";

const cartOutboxPolicy = policyFor(createApiState());

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

describe("the cart's Background Sync records", () => {
  it("gives a cart add its batch change and its single request, with the shopper's key and token, the token never in the URL", () => {
    const rec = toSyncRecord(
      [cartOutboxPolicy],
      cartKeys.add(),
      { idempotencyKey: "k1", label: "Trail Blazer 29", productId: 7, quantity: 2, variant: null },
      100,
      "secret-token",
    );
    expect(rec).toMatchObject({
      key: "k1",
      kind: "cart",
      label: "Trail Blazer 29",
      at: 100,
      token: "secret-token",
      batch: { idempotency_key: "k1", action: "add", product_id: 7, quantity: 2 },
      request: {
        method: "POST",
        url: "/api/checkout/cart/add/7",
        body: { product_id: 7, quantity: 2, is_configurable: false },
      },
    });
    expect(JSON.stringify(rec?.request)).not.toContain("secret-token");
  });

  it("sends a quantity change or a remove through the batch only (the single request needs the server's line id)", () => {
    const rec = toSyncRecord(
      [cartOutboxPolicy],
      cartKeys.setQuantity(),
      { idempotencyKey: "k2", line: { productId: 7, variantId: 12 }, quantity: 3 },
      1,
      null,
    );
    expect(rec?.request).toBeNull();
    expect(rec?.batch).toEqual({
      idempotency_key: "k2",
      action: "set",
      product_id: 7,
      variant_id: 12,
      quantity: 3,
    });
  });

  it("has no record for a change without a key", () => {
    expect(toSyncRecord([cartOutboxPolicy], cartKeys.empty(), {}, 1, null)).toBeNull();
  });

  it("switches the replay on for its own app instance only, for the length of the replay", async () => {
    const sent: { key: string | null; prefer: string | null }[] = [];
    server.use(
      http.post("*/api/checkout/cart/add/:id", ({ request }) => {
        sent.push({ key: request.headers.get("idempotency-key"), prefer: request.headers.get("prefer") });
        return HttpResponse.json({ message: "added" });
      }),
    );
    const replaying = createApiState();
    const other = createApiState();
    const end = policyFor(replaying).duringReplay!(() => []);
    const write = (api: typeof other, key: string) =>
      cartMutations.add(api).mutationFn!(
        { idempotencyKey: key, productId: 3, quantity: 1 },
        {
          client: new QueryClient(),
          meta: undefined,
          mutationKey: cartKeys.add(),
        },
      );
    await write(replaying, "in-replay");
    // Another app instance (a server render, another test's app) is not replaying: its reply carries the cart.
    await write(other, "elsewhere");
    end();
    await write(replaying, "after");
    await addCartLine({ idempotencyKey: "plain", productId: 3, quantity: 1 } satisfies AddCartLineVariables);
    expect(sent).toEqual([
      { key: "in-replay", prefer: "return=minimal" },
      { key: "elsewhere", prefer: null },
      { key: "after", prefer: null },
      { key: "plain", prefer: null },
    ]);
  });
});
