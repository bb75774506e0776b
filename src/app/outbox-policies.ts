/*
 * What the outbox does with each feature's writes (issue 17 item 7): the features' policies, handed to
 * `createOutbox` and to Background Sync's page half in app/start-browser.tsx. The outbox (offline/outbox/outbox.ts)
 * and Background Sync (offline/background-sync/background-sync.ts) know no feature.
 */
import { cartOutboxPolicy } from "@/features/cart/outbox/outbox-policy";
import { contactOutboxPolicy } from "@/features/content/outbox/outbox-policy";
import { newsletterOutboxPolicy } from "@/features/shell/outbox/outbox-policy";
import { stockAlertOutboxPolicy, testRideOutboxPolicy } from "@/features/showroom/outbox/outbox-policy";
import { wishlistOutboxPolicy } from "@/features/wishlist/outbox/outbox-policy";
import type { OutboxPolicy } from "@/offline/outbox/outbox-policy";

export const outboxPolicies: readonly OutboxPolicy[] = [
  cartOutboxPolicy,
  wishlistOutboxPolicy,
  contactOutboxPolicy,
  newsletterOutboxPolicy,
  testRideOutboxPolicy,
  stockAlertOutboxPolicy,
];
