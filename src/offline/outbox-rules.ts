/*
 * Coalescing rules of the outbox (DESIGN §4), as a pure function over the changes still waiting to be sent.
 * Only a change that has never been attempted may be dropped: one that may have reached the server (a retry,
 * or a request cut by a crash) stays, and its Idempotency-Key makes its replay harmless.
 *  - cart quantity: the last quantity of a line wins (earlier waiting quantities are dropped);
 *  - cart remove: cancels the line's waiting adds and quantities (they are never sent); the remove itself is
 *    still sent: the device may not know yet that the server has the line (its line id is learnt only when
 *    the server cart is read back), and removing a line the server lacks is a harmless no-op;
 *  - cart empty: drops every waiting add, quantity and remove;
 *  - coupon: the last apply/remove wins;
 *  - wishlist: an intent ("in"/"out") per product, the last one wins (replay compares with the server list).
 */

export type OutboxChange =
  | { kind: "cart-add"; line: string }
  | { kind: "cart-set"; line: string }
  | { kind: "cart-remove"; line: string }
  | { kind: "cart-empty" }
  | { kind: "coupon" }
  | { kind: "wishlist"; productId: number }
  | { kind: "other" };

export interface WaitingChange {
  id: string;
  change: OutboxChange;
  /** false when it may already have reached the server */
  droppable: boolean;
}

export interface CoalesceResult {
  /** ids of waiting changes to drop */
  drop: string[];
  /** whether the new change must be sent */
  send: boolean;
}

const isLineChange = (c: OutboxChange): c is Extract<OutboxChange, { line: string }> =>
  c.kind === "cart-add" || c.kind === "cart-set" || c.kind === "cart-remove";

export function coalesce(waiting: readonly WaitingChange[], next: OutboxChange): CoalesceResult {
  const droppable = waiting.filter((w) => w.droppable);
  const ids = (pred: (c: OutboxChange) => boolean) =>
    droppable.filter((w) => pred(w.change)).map((w) => w.id);
  switch (next.kind) {
    case "cart-set":
      return { drop: ids((c) => c.kind === "cart-set" && c.line === next.line), send: true };
    case "cart-remove":
      return {
        drop: ids((c) => (c.kind === "cart-add" || c.kind === "cart-set") && c.line === next.line),
        send: true,
      };
    case "cart-empty":
      return { drop: ids(isLineChange), send: true };
    case "coupon":
      return { drop: ids((c) => c.kind === "coupon"), send: true };
    case "wishlist":
      return { drop: ids((c) => c.kind === "wishlist" && c.productId === next.productId), send: true };
    default:
      return { drop: [], send: true };
  }
}

/** The line identity the cart API uses whatever the server line id is: product and variant. */
export function lineKey(productId: number, variantId: number | null | undefined): string {
  return `${productId}:${variantId ?? ""}`;
}

/**
 * Applies `coalesce` to a whole sequence (what the outbox holds after each change): used by tests and by
 * the model of the soak test.
 */
export function coalesceAll(changes: readonly { id: string; change: OutboxChange }[]): string[] {
  let queue: WaitingChange[] = [];
  for (const c of changes) {
    const { drop, send } = coalesce(queue, c.change);
    queue = queue.filter((w) => !drop.includes(w.id));
    if (send) queue.push({ id: c.id, change: c.change, droppable: true });
  }
  return queue.map((w) => w.id);
}

/** The unit price the shopper saw when a cart line was added offline. */
export interface SeenPrice {
  label: string | null;
  productId: number;
  variantId: number | null;
  price: number;
}
/** A line of the server cart read back after the replay. */
export interface ServerLinePrice {
  productId: number;
  variantId: number | null;
  price: number;
}
export interface PriceChange {
  label: string | null;
  from: number;
  to: number;
}

/**
 * Lines whose price on the server differs from the price the shopper saw when adding them offline
 * (reported once per line; amounts in the base currency, compared to the cent).
 */
export function priceChanges(seen: readonly SeenPrice[], server: readonly ServerLinePrice[]): PriceChange[] {
  const serverPrice = new Map(server.map((s) => [lineKey(s.productId, s.variantId), s.price]));
  const changes = new Map<string, PriceChange>();
  for (const s of seen) {
    const key = lineKey(s.productId, s.variantId);
    const now = serverPrice.get(key);
    if (now === undefined || !Number.isFinite(now) || !Number.isFinite(s.price)) continue;
    if (Math.round(now * 100) !== Math.round(s.price * 100))
      changes.set(key, { label: s.label, from: s.price, to: now });
    else changes.delete(key);
  }
  return [...changes.values()];
}
