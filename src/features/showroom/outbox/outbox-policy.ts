import type { OutboxPolicy } from "@/offline/outbox/outbox-policy";
/*
 * What the outbox knows of the showroom's requests (issue 40 item 4): two anonymous form posts
 * (offline/outbox/outbox-policy.ts), sent once each with their Idempotency-Key.
 */
import { buildUrl } from "@/api/client";
import { showroomKeys } from "@/api/showroom";
import { anonymousPostPolicy } from "@/offline/outbox/outbox-policy";

export const testRideOutboxPolicy = anonymousPostPolicy(showroomKeys.testRide(), () =>
  buildUrl("test-rides"),
);
export const stockAlertOutboxPolicy = anonymousPostPolicy(showroomKeys.stockAlert(), () =>
  buildUrl("stock-alerts"),
);

/** What app/outbox-policies.ts collects from every feature's outbox/ folder. */
export const outboxPolicies = (): readonly OutboxPolicy[] => [testRideOutboxPolicy, stockAlertOutboxPolicy];
