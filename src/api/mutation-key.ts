import { hashKey, type MutationKey } from "@tanstack/react-query";

/**
 * Whether a mutation's key is exactly this one (the outbox, its policies and the merged replay tell writes
 * apart by key). Compared as TanStack Query hashes keys, so object parts compare whatever their key order.
 */
export const sameMutationKey = (a: MutationKey | undefined, b: MutationKey): boolean =>
  a !== undefined && hashKey(a) === hashKey(b);
