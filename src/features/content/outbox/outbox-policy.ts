import type { OutboxPolicy } from "@/offline/outbox/outbox-policy";
/*
 * What the outbox knows of contact requests (issue 17 item 7): an anonymous form post (offline/outbox/outbox-policy.ts).
 */
import { buildUrl } from "@/api/client";
import { contentKeys } from "@/api/content";
import { anonymousPostPolicy } from "@/offline/outbox/outbox-policy";

export const contactOutboxPolicy = anonymousPostPolicy(contentKeys.contact(), () =>
  buildUrl("contactrequest"),
);

/** What app/outbox-policies.ts collects from every feature's outbox/ folder. */
export const outboxPolicies = (): readonly OutboxPolicy[] => [contactOutboxPolicy];
