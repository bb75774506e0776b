/*
 * What the outbox knows of wishlist writes (issue 17 item 7; the outbox itself is offline/outbox.ts): the last
 * intent per product wins (utils/outbox-rules.ts), and the server list is read again after a replay.
 */
import { wishlistKeys } from "@/api/wishlist";
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
};
