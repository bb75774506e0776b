/*
 * Merged replay (issue 14 item 5): while the outbox replays, the cart changes waiting in a row go to the
 * server as one request (POST checkout/cart/batch, contract/cart.ts) instead of one request each. Every
 * change keeps its own mutation, its own Idempotency-Key (in the body) and its own result: the first
 * change of a run sends the batch, the changes after it take their result from its reply. A change whose
 * batch failed (no connection, a dropped reply) is retried by TanStack as before, and its retry sends a
 * new batch from it on; the server claims each key once, so a change is applied once whether it went
 * alone, in one batch or in two.
 *
 * A server without the endpoint (a plain Bagisto answers 404 or 405) turns batching off for the app instance
 * (`ApiState.cartBatchUnsupported`): the changes go one by one, as Bagisto's own API has them.
 */
import type { ApiState, CartBatcher } from "./api-state";
import { ApiError, apiFetch, keysAllowedToSend, noteKeysSending } from "./client";
import {
  CART_BATCH_MAX,
  cartBatchReplySchema,
  type CartBatchChange,
  type CartBatchReply,
} from "./contract/cart";

/** A waiting cart write as the batch sends it, or null for one that cannot go in a batch (a coupon). */
export type BatchableCartWrite = CartBatchChange | null;

type Result = CartBatchReply["results"][number];

/** A batch stays well under the server's 64 KiB body limit (a variant add is about 180 bytes). */
const MAX_BATCH_BYTES = 48 * 1024;

/**
 * Sends a run, its results into `results`; false when the server would not take it as a batch (the change then
 * goes alone).
 */
async function sendRun(
  api: ApiState,
  run: CartBatchChange[],
  results: Map<string, Result>,
): Promise<boolean> {
  let reply: CartBatchReply;
  noteKeysSending(run.map((w) => w.idempotency_key));
  try {
    reply = await apiFetch("checkout/cart/batch", {
      method: "POST",
      body: { changes: run },
      schema: cartBatchReplySchema,
      // The replay reads the cart once at its end.
      prefer: "return=minimal",
    });
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.kind === "http" &&
      (error.status === 404 || error.status === 405)
    ) {
      api.cartBatchUnsupported = true;
      return false;
    }
    // A batch the server cannot read: nothing of it was applied; each change goes alone.
    if (error instanceof ApiError && error.kind === "http" && error.status === 400) return false;
    throw error;
  }
  for (const r of reply.results) results.set(r.idempotency_key, r);
  return true;
}

/**
 * The batcher of one replay: `waiting` lists the cart writes still to be sent, in the order they replay (the one
 * being sent first). It gives the write with a key its result (sending the batch that starts with it when no
 * earlier batch carried it), or null when it goes alone (a run of one, or a server without batches). A change
 * the server refused throws, as the single write would.
 */
export function createCartBatcher(api: ApiState, waiting: () => readonly BatchableCartWrite[]): CartBatcher {
  // The results of the batches sent so far that their writes have not taken yet.
  const results = new Map<string, Result>();
  return async (idempotencyKey) => {
    if (api.cartBatchUnsupported) return null;
    if (!results.has(idempotencyKey)) {
      const list = waiting();
      const start = list.findIndex((w) => w?.idempotency_key === idempotencyKey);
      if (start < 0) return null;
      const run: CartBatchChange[] = [];
      let bytes = 0;
      for (const w of list.slice(start)) {
        if (!w || run.length >= CART_BATCH_MAX) break;
        bytes += JSON.stringify(w).length + 1;
        if (bytes > MAX_BATCH_BYTES) break;
        run.push(w);
      }
      // Changes undone or settled in another tab meanwhile stay out of the batch.
      const allowed = new Set(keysAllowedToSend(run.map((w) => w.idempotency_key)));
      const sendable = run.filter((w) => allowed.has(w.idempotency_key));
      if (sendable.length < 2 || sendable[0]?.idempotency_key !== idempotencyKey) return null;
      if (!(await sendRun(api, sendable, results))) return null;
    }
    const result = results.get(idempotencyKey);
    results.delete(idempotencyKey);
    if (!result) throw new ApiError("The server did not answer for this change.", { kind: "parse" });
    if (result.status === "refused")
      throw new ApiError(result.message ?? "The server refused this change.", {
        kind: "reply",
        status: 200,
        body: result,
      });
    return { message: result.message };
  };
}
