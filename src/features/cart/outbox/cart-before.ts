/*
 * What a cart change carries as `before` (read each time the shopper changes the cart), and how a waiting
 * cart change's fields are read. The changes' words and undo (cart-changes.ts) load only once changes wait.
 */
import { cartKeys } from "@/api/cart";
import { sameMutationKey } from "@/api/mutation-key";
import type { QueuedChange } from "@/offline/outbox/change-queue";
import type { CartLine } from "../utils/cart-reducer";

type Kind = "add" | "set" | "remove" | "empty" | "apply-coupon" | "remove-coupon" | "other";

interface CartChangeVariables {
  label?: unknown;
  productId?: unknown;
  quantity?: unknown;
  code?: unknown;
  variant?: { variantId?: unknown } | null;
  line?: { productId?: unknown; variantId?: unknown };
  /** the line before the first waiting change of it (add, set, remove), or the cart's lines (empty) */
  before?: unknown;
}

export const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

export function kindOf(change: QueuedChange): Kind {
  const k = change.mutationKey;
  if (sameMutationKey(k, cartKeys.add())) return "add";
  if (sameMutationKey(k, cartKeys.setQuantity())) return "set";
  if (sameMutationKey(k, cartKeys.remove())) return "remove";
  if (sameMutationKey(k, cartKeys.empty())) return "empty";
  if (sameMutationKey(k, cartKeys.applyCoupon())) return "apply-coupon";
  if (sameMutationKey(k, cartKeys.removeCoupon())) return "remove-coupon";
  return "other";
}

export function varsOf(change: QueuedChange): CartChangeVariables {
  const v = change.variables;
  return typeof v === "object" && v !== null ? (v as CartChangeVariables) : {};
}

/** The product and variant a line change is about. */
export function lineOf(change: QueuedChange): { productId: number; variantId: number | null } | null {
  const v = varsOf(change);
  const kind = kindOf(change);
  if (kind === "add") {
    const productId = num(v.productId);
    return productId === null ? null : { productId, variantId: num(v.variant?.variantId) };
  }
  if (kind === "set" || kind === "remove") {
    const productId = num(v.line?.productId);
    return productId === null ? null : { productId, variantId: num(v.line?.variantId) };
  }
  return null;
}

export const lineId = (l: { productId: number; variantId: number | null }) =>
  `${l.productId}:${l.variantId ?? ""}`;

function isCartLine(v: unknown): v is CartLine {
  if (typeof v !== "object" || v === null) return false;
  const l = v as Partial<CartLine>;
  return typeof l.id === "number" && typeof l.quantity === "number" && typeof l.product?.id === "number";
}

/** A change's `before`: undefined when it carries none (made before undo existed, or a login merge). */
export function beforeLine(change: QueuedChange): CartLine | null | undefined {
  const b = varsOf(change).before;
  if (b === null) return null;
  return isCartLine(b) ? b : undefined;
}

export function beforeLines(change: QueuedChange): CartLine[] | undefined {
  const b = varsOf(change).before;
  return Array.isArray(b) && b.every(isCartLine) ? b : undefined;
}

/** The cart changes after the last waiting "empty the cart" (the ones before it are not undone with a line). */
function sinceLastEmpty(waiting: readonly QueuedChange[]): QueuedChange[] {
  const cart = waiting.filter((c) => kindOf(c) !== "other");
  const last = cart.map(kindOf).lastIndexOf("empty");
  return cart.slice(last + 1);
}

/**
 * What a new change of this line carries as `before`: the line as it was before the first change of it that
 * still waits, else the line as the device has it now (`current`).
 */
export function lineBefore(
  waiting: readonly QueuedChange[],
  productId: number,
  variantId: number | null,
  current: CartLine | null,
): CartLine | null {
  const id = lineId({ productId, variantId });
  for (const c of sinceLastEmpty(waiting)) {
    const line = lineOf(c);
    if (!line || lineId(line) !== id) continue;
    const before = beforeLine(c);
    if (before !== undefined) return before;
  }
  return current;
}

/**
 * What "empty the cart" carries as `before`: the cart as it was before the waiting line changes it cancels,
 * i.e. each line's `before` where changes of it wait, the device's line elsewhere.
 */
export function cartBefore(waiting: readonly QueuedChange[], current: readonly CartLine[]): CartLine[] {
  const seen = new Set<string>();
  const lines: CartLine[] = [];
  const take = (productId: number, variantId: number | null, now: CartLine | null) => {
    const id = lineId({ productId, variantId });
    if (seen.has(id)) return;
    seen.add(id);
    const before = lineBefore(waiting, productId, variantId, now);
    if (before) lines.push(before);
  };
  for (const l of current) take(l.product.id, l.variantId, l);
  for (const c of sinceLastEmpty(waiting)) {
    const line = lineOf(c);
    if (line) take(line.productId, line.variantId, null);
  }
  return lines;
}
