import type { OutboxPolicy } from "@/offline/outbox/outbox-policy";
/*
 * What the outbox knows of newsletter sign-ups (issue 17 item 7): an anonymous form post
 * (offline/outbox/outbox-policy.ts).
 */
import { buildUrl } from "@/api/client";
import { newsletterKeys } from "@/api/newsletter";
import { anonymousPostPolicy } from "@/offline/outbox/outbox-policy";

export const newsletterOutboxPolicy = anonymousPostPolicy(newsletterKeys.subscribe(), () =>
  buildUrl("contactsubscribe"),
);

/** What app/outbox-policies.ts collects from every feature's outbox/ folder. */
export const outboxPolicies = (): readonly OutboxPolicy[] => [newsletterOutboxPolicy];
