/*
 * What the outbox does with each feature's writes (issue 17 item 7): the features' policies, collected from
 * each feature's outbox/ folder (offline/outbox/by-feature.ts) and handed to `createOutbox` and to Background Sync's
 * page half in app/start-browser.tsx. The outbox (offline/outbox/outbox.ts) and Background Sync
 * (offline/background-sync/background-sync.ts) know no feature.
 */
import type { OutboxPolicy } from "@/offline/outbox/outbox-policy";
import { byFeature } from "@/offline/outbox/by-feature";

export const outboxPolicyModules = import.meta.glob<readonly OutboxPolicy[]>(
  "../features/*/outbox/outbox-policy.ts",
  {
    eager: true,
    import: "outboxPolicies",
  },
);

export const outboxPolicies: readonly OutboxPolicy[] = byFeature(outboxPolicyModules).flatMap((list) => list);
