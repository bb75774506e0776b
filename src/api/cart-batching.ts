/*
 * Whether a replay batches cart writes (cart-batch.ts), without cart-batch.ts itself: the cart's fetchers ask
 * here, and the batching code, a replay's only, loads with the outbox that starts it.
 */

type Batcher = (idempotencyKey: string) => Promise<{ message?: string } | null>;

let active: Batcher | null = null;

/** Set by cart-batch.ts while a replay batches (null when it stops). */
export function setCartBatcher(batcher: Batcher | null): void {
  active = batcher;
}

/** The write's result through the replay's batch, or null when it goes alone (as cart-batch.ts's `viaCartBatch`). */
export async function viaActiveCartBatch(idempotencyKey: string): Promise<{ message?: string } | null> {
  return active ? active(idempotencyKey) : null;
}
