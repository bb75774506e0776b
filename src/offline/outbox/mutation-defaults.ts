/*
 * Mutation defaults for every write that may be queued offline and replayed after a reload
 * (house-style §2.7). A persisted paused mutation keeps only its key and variables, so its function
 * must be registered here, once, before `resumePausedMutations()` runs.
 * Cart writes share the scope "cart" (replayed in order); wishlist writes are intents (scope "wishlist");
 * contact and newsletter sends are queued too, retried while the server cannot be reached.
 */
import type { QueryClient } from "@tanstack/react-query";
import { cartMutations, outboxRetryDelay, retryWhileUnreachable } from "@/api/cart";
import { contentMutations } from "@/api/content";
import { newsletterMutations } from "@/api/newsletter";
import { wishlistMutations } from "@/api/wishlist";

export function registerMutationDefaults(queryClient: QueryClient): QueryClient {
  const register = <O extends { mutationKey: readonly unknown[] }>(options: O) =>
    queryClient.setMutationDefaults(
      options.mutationKey,
      options as Parameters<QueryClient["setMutationDefaults"]>[1],
    );
  register(cartMutations.add());
  register(cartMutations.setQuantity());
  register(cartMutations.remove());
  register(cartMutations.empty());
  register(cartMutations.applyCoupon());
  register(cartMutations.removeCoupon());
  register(wishlistMutations.set());
  const outboxRetry = { retry: retryWhileUnreachable, retryDelay: outboxRetryDelay };
  register({ ...outboxRetry, ...contentMutations.contact() });
  register({ ...outboxRetry, ...newsletterMutations.subscribe() });
  return queryClient;
}
