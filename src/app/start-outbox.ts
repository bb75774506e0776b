/*
 * The outbox with the features' policies (issue 17 item 7), loaded after the first page on demand (issue 16
 * item 4: offline/outbox/deferred-outbox.ts says when). Background Sync's page half starts with it, where the browser
 * has it, once the persisted cache is back.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { ApiState } from "@/api/api-state";
import { backgroundSyncSupported } from "@/offline/outbox/worker-log";
import type { OutboxModule } from "@/offline/outbox/deferred-outbox";
import { createOutbox, type EarlyOutbox, type Outbox } from "@/offline/outbox/outbox";
import { outboxPolicies } from "./outbox-policies";

/** The outbox's module for the app instance whose api layer keeps `api` (the policies switch its replay). */
export function outboxModule(api: ApiState): OutboxModule {
  const policies = outboxPolicies(api);
  return {
    startOutbox(queryClient: QueryClient, early: EarlyOutbox): Outbox {
      // The outbox knows no feature: the features' policies say what it does with their writes.
      return createOutbox({ queryClient, policies, early });
    },
    afterRestore(queryClient: QueryClient, outbox: Outbox): void {
      // Chromium: waiting changes are also sent by the service worker, after the tab was closed (Background Sync).
      if (backgroundSyncSupported())
        void import("@/offline/background-sync/background-sync").then((m) =>
          m.startBackgroundSync(queryClient, outbox, policies),
        );
    },
  };
}
