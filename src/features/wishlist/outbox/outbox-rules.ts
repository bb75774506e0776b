/*
 * The wishlist's coalescing rule in the outbox (DESIGN §4): a change is an intent ("in"/"out") per product, and
 * the last one wins (the replay compares with the server list). Only a change never attempted is dropped.
 */
import type { MutationKey } from "@tanstack/react-query";
import { sameMutationKey } from "@/api/mutation-key";
import { wishlistKeys } from "@/api/wishlist";
import type { CoalesceResult } from "@/offline/outbox/outbox-policy";

export type WishlistOutboxChange = { kind: "wishlist"; productId: number } | { kind: "other" };

export interface WaitingWishlistChange {
  id: string;
  change: WishlistOutboxChange;
  /** false when it may already have reached the server */
  droppable: boolean;
}

export function coalesceWishlist(
  waiting: readonly WaitingWishlistChange[],
  next: WishlistOutboxChange,
): CoalesceResult {
  if (next.kind !== "wishlist") return { drop: [], send: true };
  return {
    drop: waiting
      .filter((w) => w.droppable && w.change.kind === "wishlist" && w.change.productId === next.productId)
      .map((w) => w.id),
    send: true,
  };
}

/** What a wishlist write is about, for the coalescing rule. */
export function describeWishlistChange(
  mutationKey: MutationKey | undefined,
  variables: unknown,
): WishlistOutboxChange {
  const v = (typeof variables === "object" && variables !== null ? variables : {}) as { productId?: unknown };
  if (sameMutationKey(mutationKey, wishlistKeys.set()))
    return { kind: "wishlist", productId: typeof v.productId === "number" ? v.productId : 0 };
  return { kind: "other" };
}
