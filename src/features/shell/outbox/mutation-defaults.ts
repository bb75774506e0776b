import { outboxRetryDelay, retryWhileUnreachable } from "@/api/cart";
import { newsletterMutations } from "@/api/newsletter";
import type { OfflineMutationDefaults } from "@/offline/outbox/mutation-defaults";

/** The newsletter sign-up, queued offline and retried while the server cannot be reached. */
export const newsletterMutationDefaults = (): OfflineMutationDefaults[] => [
  { retry: retryWhileUnreachable, retryDelay: outboxRetryDelay, ...newsletterMutations.subscribe() },
];

/** What app/mutation-defaults.ts collects from every feature's outbox/ folder. */
export const mutationDefaults = newsletterMutationDefaults;
