/*
 * What the outbox does with each feature's writes (issue 17 item 7): the features' policies, handed to
 * `createOutbox` in main.tsx. The outbox (offline/outbox.ts) knows no feature; contact requests and newsletter
 * sign-ups wait in it too, with no policy (never coalesced, nothing read again after them).
 */
import { cartOutboxPolicy } from "@/features/cart/outbox-policy";
import { wishlistOutboxPolicy } from "@/features/wishlist/outbox-policy";
import type { OutboxPolicy } from "@/offline/outbox-policy";

export const outboxPolicies: readonly OutboxPolicy[] = [cartOutboxPolicy, wishlistOutboxPolicy];
