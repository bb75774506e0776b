// @vitest-environment happy-dom
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { server } from "../../tests/msw/server";
import {
  addCartLine,
  cartBatchChange,
  cartKeys,
  OUTBOX_SERVER_RETRIES,
  removeCartLine,
  retryWhileUnreachable,
  setCartLineQuantity,
} from "./cart";
import { createApiState, type ApiState, type CartReplay } from "./api-state";
import { createCartBatcher, type BatchableCartWrite } from "./cart-batch";
import { ApiError } from "./client";
import type { CartBatchRequest } from "./contract/cart";

const add = (key: string, productId: number) => ({ idempotencyKey: key, productId, quantity: 1 });
const waiting = [
  cartBatchChange(cartKeys.add(), add("k1", 1)),
  cartBatchChange(cartKeys.add(), add("k2", 2)),
  cartBatchChange(cartKeys.setQuantity(), {
    idempotencyKey: "k3",
    line: { productId: 1, variantId: null },
    quantity: 3,
  }),
  cartBatchChange(cartKeys.remove(), { idempotencyKey: "k4", line: { productId: 2, variantId: null } }),
];

/** A replay of one app instance's cart writes, `waiting` still to go (what the cart's outbox policy sets up). */
const replayOf = (api: ApiState, waiting: () => readonly BatchableCartWrite[]): CartReplay => ({
  batch: createCartBatcher(api, waiting),
});

describe("merged replay of cart changes", () => {
  it("sends the changes waiting in a row as one batch, each with its own key and result", async () => {
    const bodies: CartBatchRequest[] = [];
    server.use(
      http.post("*/api/checkout/cart/batch", async ({ request }) => {
        const body = (await request.json()) as CartBatchRequest;
        bodies.push(body);
        expect(request.headers.get("prefer")).toBe("return=minimal");
        return HttpResponse.json({
          results: body.changes.map((c) => ({
            idempotency_key: c.idempotency_key,
            status: c.idempotency_key === "k2" ? "refused" : "applied",
            message: c.idempotency_key === "k2" ? "Quantity exceeds to available stock" : "ok",
          })),
        });
      }),
    );
    const list: BatchableCartWrite[] = [...waiting];
    const replay = replayOf(createApiState(), () => list);
    await expect(addCartLine(add("k1", 1), replay)).resolves.toEqual({ message: "ok" });
    list.shift();
    // The refusal reaches the change it belongs to, with the server's message.
    const refused = await addCartLine(add("k2", 2), replay).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toBe("Quantity exceeds to available stock");
    list.shift();
    await expect(
      setCartLineQuantity(
        { idempotencyKey: "k3", line: { productId: 1, variantId: null }, quantity: 3 },
        replay,
      ),
    ).resolves.toEqual({ message: "ok" });
    await expect(
      removeCartLine({ idempotencyKey: "k4", line: { productId: 2, variantId: null } }, replay),
    ).resolves.toEqual({ message: "ok" });
    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.changes).toEqual([
      { idempotency_key: "k1", action: "add", product_id: 1, quantity: 1 },
      { idempotency_key: "k2", action: "add", product_id: 2, quantity: 1 },
      { idempotency_key: "k3", action: "set", product_id: 1, variant_id: null, quantity: 3 },
      { idempotency_key: "k4", action: "remove", product_id: 2, variant_id: null },
    ]);
  });

  it("sends a new batch from the failed change on when a batch's reply never came", async () => {
    const sent: string[][] = [];
    let cut = true;
    server.use(
      http.post("*/api/checkout/cart/batch", async ({ request }) => {
        const body = (await request.json()) as CartBatchRequest;
        sent.push(body.changes.map((c) => c.idempotency_key));
        if (cut) {
          cut = false;
          return HttpResponse.error();
        }
        return HttpResponse.json({
          results: body.changes.map((c) => ({ idempotency_key: c.idempotency_key, status: "replayed" })),
        });
      }),
    );
    const replay = replayOf(createApiState(), () => waiting.slice(0, 2));
    const lost = await addCartLine(add("k1", 1), replay).catch((e: unknown) => e);
    expect((lost as ApiError).isNetwork).toBe(true);
    await expect(addCartLine(add("k1", 1), replay)).resolves.toEqual({ message: undefined });
    await expect(addCartLine(add("k2", 2), replay)).resolves.toEqual({ message: undefined });
    expect(sent).toEqual([
      ["k1", "k2"],
      ["k1", "k2"],
    ]);
  });

  it("goes change by change against a server without batches (a plain Bagisto), and outside a replay", async () => {
    const singles: string[] = [];
    server.use(
      http.post("*/api/checkout/cart/batch", () =>
        HttpResponse.json({ message: "Not found" }, { status: 404 }),
      ),
      http.post("*/api/checkout/cart/add/:id", ({ request }) => {
        singles.push(request.headers.get("idempotency-key") ?? "");
        return HttpResponse.json({ message: "Item was successfully added to cart." });
      }),
    );
    const api = createApiState();
    await addCartLine(add("k0", 1));
    await addCartLine(
      add("k1", 1),
      replayOf(api, () => waiting.slice(0, 2)),
    );
    await addCartLine(
      add("k2", 2),
      replayOf(api, () => waiting.slice(1, 2)),
    );
    expect(singles).toEqual(["k0", "k1", "k2"]);
    // The app instance remembers it: its next replay does not try a batch again.
    expect(api.cartBatchUnsupported).toBe(true);
  });

  it("keeps what one app instance learnt of the server to that instance", async () => {
    const batches: string[][] = [];
    let batchEndpoint = false;
    server.use(
      http.post("*/api/checkout/cart/batch", async ({ request }) => {
        if (!batchEndpoint) return HttpResponse.json({ message: "Not found" }, { status: 404 });
        const body = (await request.json()) as CartBatchRequest;
        batches.push(body.changes.map((c) => c.idempotency_key));
        return HttpResponse.json({
          results: body.changes.map((c) => ({ idempotency_key: c.idempotency_key, status: "applied" })),
        });
      }),
      http.post("*/api/checkout/cart/add/:id", () => HttpResponse.json({ message: "added" })),
    );
    const first = createApiState();
    await addCartLine(
      add("k1", 1),
      replayOf(first, () => waiting.slice(0, 2)),
    );
    expect(first.cartBatchUnsupported).toBe(true);
    // Another page (a server render, a test's app) starts with its own state: it tries the batch.
    batchEndpoint = true;
    const second = createApiState();
    await addCartLine(
      add("k1", 1),
      replayOf(second, () => waiting.slice(0, 2)),
    );
    expect(batches).toEqual([["k1", "k2"]]);
  });

  it("leaves out of a batch a change the batch cannot carry", () => {
    expect(cartBatchChange(cartKeys.applyCoupon(), { idempotencyKey: "c", code: "X" })).toBeNull();
    expect(cartBatchChange(cartKeys.add(), { idempotencyKey: "a", productId: 1, quantity: 0 })).toBeNull();
    expect(cartBatchChange(cartKeys.add(), { productId: 1, quantity: 1 })).toBeNull();
  });
});

describe("batch size", () => {
  it("splits a long queue into batches the server's body limit takes", async () => {
    const sizes: number[] = [];
    server.use(
      http.post("*/api/checkout/cart/batch", async ({ request }) => {
        const text = await request.text();
        sizes.push(text.length);
        const body = JSON.parse(text) as CartBatchRequest;
        return HttpResponse.json({
          results: body.changes.map((c) => ({ idempotency_key: c.idempotency_key, status: "applied" })),
        });
      }),
    );
    const key = (i: number) => `${"k".repeat(150)}-${i}`;
    const list = Array.from({ length: 500 }, (_, i) =>
      cartBatchChange(cartKeys.add(), {
        idempotencyKey: key(i),
        productId: i + 1,
        quantity: 1,
        variant: { variantId: 1000 + i, superAttribute: { "23": 5, "24": 9 } },
      }),
    );
    const replay = replayOf(createApiState(), () => list);
    while (list.length) {
      const first = list[0]!;
      await addCartLine({ idempotencyKey: first.idempotency_key, productId: 1, quantity: 1 }, replay);
      list.shift();
    }
    expect(sizes.length).toBeGreaterThan(1);
    expect(Math.max(...sizes)).toBeLessThan(64 * 1024);
  });
});

describe("outbox retries", () => {
  it("still retries a conflict or a busy server after the connection cut the change many times, and never a refusal", () => {
    const network = new ApiError("The server could not be reached.", { kind: "network" });
    const inProgress = new ApiError("A request with this Idempotency-Key is still in progress.", {
      kind: "http",
      status: 409,
    });
    const busy = new ApiError("Busy", { kind: "http", status: 503 });
    const refused = new ApiError("Quantity exceeds to available stock", { kind: "http", status: 422 });
    expect(retryWhileUnreachable(40, network)).toBe(true);
    // Eight cuts by a flickering connection, then the server answers 409 or 503 once: not the end of it.
    expect(retryWhileUnreachable(8, inProgress)).toBe(true);
    expect(retryWhileUnreachable(8, busy)).toBe(true);
    expect(retryWhileUnreachable(OUTBOX_SERVER_RETRIES, busy)).toBe(false);
    expect(retryWhileUnreachable(0, refused)).toBe(false);
  });
});
