/*
 * What the outbox does with each feature's writes (issue 17 item 7): the features' policies, collected from
 * each feature's outbox/ folder (offline/outbox/by-feature.ts) and made for one app instance (its `ApiState`,
 * which the cart's policy switches for a replay), then handed to `createOutbox` and to Background Sync's page
 * half (app/start-outbox.ts). The outbox (offline/outbox/outbox.ts) and Background Sync
 * (offline/background-sync/background-sync.ts) know no feature.
 */
import type { ApiState } from "@/api/api-state";
import type { OutboxPolicy } from "@/offline/outbox/outbox-policy";
import { byFeature } from "@/offline/outbox/by-feature";

export const outboxPolicyModules = import.meta.glob<(api: ApiState) => readonly OutboxPolicy[]>(
  "../features/*/outbox/outbox-policy.ts",
  {
    eager: true,
    import: "outboxPolicies",
  },
);

export const outboxPolicies = (api: ApiState): readonly OutboxPolicy[] =>
  byFeature(outboxPolicyModules).flatMap((policies) => policies(api));
