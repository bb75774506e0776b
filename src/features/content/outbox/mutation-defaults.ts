import { outboxRetryDelay, retryWhileUnreachable } from "@/api/cart";
import { contentMutations } from "@/api/content";
import type { OfflineMutationDefaults } from "@/offline/outbox/mutation-defaults";

/** The contact form's send, queued offline and retried while the server cannot be reached. */
export const contactMutationDefaults = (): OfflineMutationDefaults[] => [
  { retry: retryWhileUnreachable, retryDelay: outboxRetryDelay, ...contentMutations.contact() },
];

/** What app/mutation-defaults.ts collects from every feature's outbox/ folder. */
export const mutationDefaults = contactMutationDefaults;
