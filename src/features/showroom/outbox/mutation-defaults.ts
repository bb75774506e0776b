import { outboxRetryDelay, retryWhileUnreachable } from "@/api/cart";
import { showroomMutations } from "@/api/showroom";
import type { OfflineMutationDefaults } from "@/offline/outbox/mutation-defaults";

/** A test ride and a back-in-stock request, queued offline and retried while the server cannot be reached. */
export const showroomMutationDefaults = (): OfflineMutationDefaults[] => [
  { retry: retryWhileUnreachable, retryDelay: outboxRetryDelay, ...showroomMutations.testRide() },
  { retry: retryWhileUnreachable, retryDelay: outboxRetryDelay, ...showroomMutations.stockAlert() },
];

/** What app/mutation-defaults.ts collects from every feature's outbox/ folder. */
export const mutationDefaults = showroomMutationDefaults;
