/*
 * What a wishlist intent carries as `before` (read each time the shopper changes the list), and how a waiting
 * intent's fields are read. The intents' words and undo (wishlist-changes.ts) load only once changes wait.
 */
import type { Product } from "@/api/product";
import { wishlistKeys } from "@/api/wishlist";
import type { QueuedChange } from "@/offline/outbox/change-queue";

interface WishlistChangeVariables {
  productId?: unknown;
  wanted?: unknown;
  label?: unknown;
  before?: unknown;
}

export function varsOf(change: QueuedChange): WishlistChangeVariables {
  const v = change.variables;
  return typeof v === "object" && v !== null ? (v as WishlistChangeVariables) : {};
}

function isProduct(v: unknown): v is Product {
  if (typeof v !== "object" || v === null) return false;
  const p = v as Partial<Product>;
  return typeof p.id === "number" && typeof p.name === "string";
}

/** undefined when the change carries no `before` (a login merge, or made before undo existed) */
export function beforeOf(change: QueuedChange): Product | null | undefined {
  const b = varsOf(change).before;
  if (b === null) return null;
  return isProduct(b) ? b : undefined;
}

export const productIdOf = (change: QueuedChange): number | null => {
  const id = varsOf(change).productId;
  return typeof id === "number" ? id : null;
};

/**
 * What a new intent for this product carries as `before`: the product as it was before the first intent
 * still waiting for it, else as the device list has it now (`current`, null when not in the list).
 */
export function wishlistBefore(
  waiting: readonly QueuedChange[],
  productId: number,
  current: Product | null,
): Product | null {
  for (const c of waiting) {
    if (!c.mutationKey.length || c.mutationKey[0] !== wishlistKeys.all[0] || productIdOf(c) !== productId)
      continue;
    const before = beforeOf(c);
    if (before !== undefined) return before;
  }
  return current;
}
