import { wishlistMutations } from "@/api/wishlist";
import type { OfflineMutationDefaults } from "@/offline/outbox/mutation-defaults";

/** The wishlist's write that may wait offline: an intent per product (scope "wishlist"). */
export const wishlistMutationDefaults = (): OfflineMutationDefaults[] => [wishlistMutations.set()];

/** What app/mutation-defaults.ts collects from every feature's outbox/ folder. */
export const mutationDefaults = wishlistMutationDefaults;
