/*
 * What the outbox knows of wishlist writes (issue 17 item 7; the outbox itself is offline/outbox.ts): the last
 * intent per product wins (utils/outbox-rules.ts), the server list is read again after a replay, and the
 * service worker's Background Sync sends a logged-in shopper's intents without the page.
 */
import { wishlistKeys, type SetWishlistedVariables } from "@/api/wishlist";
import type { OutboxPolicy } from "@/offline/outbox-policy";
import { coalesceWishlist, describeWishlistChange } from "./utils/outbox-rules";

export const wishlistOutboxPolicy: OutboxPolicy = {
  mutationKey: wishlistKeys.all,
  coalesce: (waiting, next) =>
    coalesceWishlist(
      waiting.map((w) => ({
        id: w.id,
        change: describeWishlistChange(w.mutationKey, w.variables),
        droppable: w.droppable,
      })),
      describeWishlistChange(next.mutationKey, next.variables),
    ),
  queriesToReload: [wishlistKeys.list()],
  writeKind: "wishlist",
  keepsStorage: true,
  syncRecord({ mutationKey, variables }, base) {
    if (JSON.stringify(mutationKey) !== JSON.stringify(wishlistKeys.set())) return null;
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
