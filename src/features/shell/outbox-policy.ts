/*
 * What the outbox knows of newsletter sign-ups (issue 17 item 7): nothing to coalesce and nothing to read
 * again; where the browser has Background Sync the service worker sends a waiting one without the page,
 * anonymous as the page sends it.
 */
import { buildUrl } from "@/api/client";
import { newsletterKeys } from "@/api/newsletter";
import type { OutboxPolicy } from "@/offline/outbox-policy";

export const newsletterOutboxPolicy: OutboxPolicy = {
  mutationKey: newsletterKeys.subscribe(),
  syncRecord({ mutationKey, variables }, base) {
    if (JSON.stringify(mutationKey) !== JSON.stringify(newsletterKeys.subscribe())) return null;
    const { idempotencyKey: _key, ...body } = variables as Record<string, unknown>;
    void _key;
    return {
      ...base,
      kind: "other",
      token: null,
      request: { method: "POST", url: buildUrl("contactsubscribe"), body, errorFieldRefuses: false },
    };
  },
};
