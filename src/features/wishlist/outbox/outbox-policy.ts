/*
 * What the outbox knows of wishlist writes (issue 17 item 7; the outbox itself is offline/outbox/outbox.ts): the last
 * intent per product wins (outbox-rules.ts), the server list is read again after a replay, and the
 * service worker's Background Sync sends a logged-in shopper's intents without the page.
 */
import { wishlistKeys, type SetWishlistedVariables } from "@/api/wishlist";
import { sameMutationKey } from "@/api/mutation-key";
import { coalesceWith, type OutboxPolicy } from "@/offline/outbox/outbox-policy";
import { coalesceWishlist, describeWishlistChange } from "./outbox-rules";

export const wishlistOutboxPolicy: OutboxPolicy = {
  mutationKey: wishlistKeys.all,
  coalesce: coalesceWith(describeWishlistChange, coalesceWishlist),
  queriesToReload: [wishlistKeys.list()],
  writeKind: "wishlist",
  keepsStorage: true,
  syncRecord({ mutationKey, variables }, base) {
    if (!sameMutationKey(mutationKey, wishlistKeys.set())) return null;
    const w = variables as SetWishlistedVariables;
    if (!base.token || typeof w.productId !== "number" || typeof w.wanted !== "boolean") return null;
    // The worker reads the list and toggles only where it differs.
    return {
      ...base,
      kind: "wishlist",
      request: null,
      wishlist: { productId: w.productId, wanted: w.wanted },
    };
  },
};

/** What app/outbox-policies.ts collects from every feature's outbox/ folder. */
export const outboxPolicies = (): readonly OutboxPolicy[] => [wishlistOutboxPolicy];
