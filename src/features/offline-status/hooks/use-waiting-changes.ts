import { useMutationState } from "@tanstack/react-query";
import { isWaiting } from "@/offline/outbox/waiting";

/** The number of outbox changes (cart, wishlist, contact, newsletter) still waiting to be sent. */
export function useWaitingChanges(): number {
  return useMutationState({
    filters: { predicate: (m) => isWaiting(m as Parameters<typeof isWaiting>[0]) },
    select: (m) => m.mutationId,
  }).length;
}
