/*
 * What the outbox knows of contact requests (issue 17 item 7): nothing to coalesce and nothing to read again;
 * where the browser has Background Sync the service worker sends a waiting one without the page, anonymous as
 * the page sends it.
 */
import { buildUrl } from "@/api/client";
import { contentKeys } from "@/api/content";
import type { OutboxPolicy } from "@/offline/outbox-policy";

export const contactOutboxPolicy: OutboxPolicy = {
  mutationKey: contentKeys.contact(),
  syncRecord({ mutationKey, variables }, base) {
    if (JSON.stringify(mutationKey) !== JSON.stringify(contentKeys.contact())) return null;
    const { idempotencyKey: _key, ...body } = variables as Record<string, unknown>;
    void _key;
    return {
      ...base,
      kind: "other",
      token: null,
      request: { method: "POST", url: buildUrl("contactrequest"), body, errorFieldRefuses: false },
    };
  },
};
