/*
 * The cart's coalescing rules in the outbox (DESIGN §4), as a pure function over the cart changes still waiting
 * to be sent. Only a change that has never been attempted may be dropped: one that may have reached the server
 * (a retry, or a request cut by a crash) stays, and its Idempotency-Key makes its replay harmless.
 *  - quantity: the last quantity of a line wins (earlier waiting quantities are dropped);
 *  - remove: cancels the line's waiting adds and quantities (they are never sent); the remove itself is
 *    still sent: the device may not know yet that the server has the line (its line id is learnt only when
 *    the server cart is read back), and removing a line the server lacks is a harmless no-op;
 *  - empty: drops every waiting add, quantity and remove;
 *  - coupon: the last apply/remove wins.
 */
import type { MutationKey } from "@tanstack/react-query";
import { cartKeys } from "@/api/cart";
import { sameMutationKey } from "@/api/mutation-key";
import type { CoalesceResult, PriceChange } from "@/offline/outbox/outbox-policy";

export type CartOutboxChange =
  | { kind: "cart-add"; line: string }
  | { kind: "cart-set"; line: string }
  | { kind: "cart-remove"; line: string }
  | { kind: "cart-empty" }
  | { kind: "coupon" }
  | { kind: "other" };

export interface WaitingCartChange {
  id: string;
  change: CartOutboxChange;
  /** false when it may already have reached the server */
  droppable: boolean;
}

const isLineChange = (c: CartOutboxChange): c is Extract<CartOutboxChange, { line: string }> =>
  c.kind === "cart-add" || c.kind === "cart-set" || c.kind === "cart-remove";

export function coalesceCart(waiting: readonly WaitingCartChange[], next: CartOutboxChange): CoalesceResult {
  const droppable = waiting.filter((w) => w.droppable);
  const ids = (pred: (c: CartOutboxChange) => boolean) =>
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
    default:
      return { drop: [], send: true };
  }
}

/** The line identity the cart API uses whatever the server line id is: product and variant. */
export function lineKey(productId: number, variantId: number | null | undefined): string {
  return `${productId}:${variantId ?? ""}`;
}

interface Variables {
  productId?: unknown;
  variant?: { variantId?: unknown } | null;
  line?: { productId?: unknown; variantId?: unknown };
}

const num = (v: unknown) => (typeof v === "number" ? v : null);

/** What a cart write is about, for the coalescing rules. */
export function describeCartChange(
  mutationKey: MutationKey | undefined,
  variables: unknown,
): CartOutboxChange {
  const v = (typeof variables === "object" && variables !== null ? variables : {}) as Variables;
  if (sameMutationKey(mutationKey, cartKeys.add()))
    return { kind: "cart-add", line: lineKey(num(v.productId) ?? 0, num(v.variant?.variantId)) };
  if (sameMutationKey(mutationKey, cartKeys.setQuantity()))
    return { kind: "cart-set", line: lineKey(num(v.line?.productId) ?? 0, num(v.line?.variantId)) };
  if (sameMutationKey(mutationKey, cartKeys.remove()))
    return { kind: "cart-remove", line: lineKey(num(v.line?.productId) ?? 0, num(v.line?.variantId)) };
  if (sameMutationKey(mutationKey, cartKeys.empty())) return { kind: "cart-empty" };
  if (
    sameMutationKey(mutationKey, cartKeys.applyCoupon()) ||
    sameMutationKey(mutationKey, cartKeys.removeCoupon())
  )
    return { kind: "coupon" };
  return { kind: "other" };
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
