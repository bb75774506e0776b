/*
 * Mutation defaults for every write that may be queued offline and replayed after a reload
 * (house-style §2.7). A persisted paused mutation keeps only its key and variables, so its function
 * must be registered, once, before `resumePausedMutations()` runs. Each feature lists its own writes
 * (features/<f>/outbox/mutation-defaults.ts: the cart's share the scope "cart" and replay in order, the
 * wishlist's are intents, contact and newsletter sends are retried while the server cannot be reached);
 * the app collects them (app/mutation-defaults.ts).
 */
import type { QueryClient } from "@tanstack/react-query";

/** A feature's `mutationOptions` for a write that may wait offline. */
export interface OfflineMutationDefaults {
  mutationKey: readonly unknown[];
}

export function registerMutationDefaults(
  queryClient: QueryClient,
  defaults: readonly OfflineMutationDefaults[],
): QueryClient {
  for (const options of defaults)
    queryClient.setMutationDefaults(
      options.mutationKey,
      options as Parameters<QueryClient["setMutationDefaults"]>[1],
    );
  return queryClient;
}
