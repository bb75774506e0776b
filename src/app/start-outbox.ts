/*
 * The outbox with the features' policies (issue 17 item 7), loaded after the first page on demand (issue 16
 * item 4: offline/outbox/deferred-outbox.ts says when). Background Sync's page half starts with it, where the browser
 * has it, once the persisted cache is back.
 */
import type { QueryClient } from "@tanstack/react-query";
import { backgroundSyncSupported } from "@/offline/outbox/worker-log";
import type { OutboxModule } from "@/offline/outbox/deferred-outbox";
import { createOutbox, type EarlyOutbox, type Outbox } from "@/offline/outbox/outbox";
import { outboxPolicies } from "./outbox-policies";

export const outboxModule: OutboxModule = {
  startOutbox(queryClient: QueryClient, early: EarlyOutbox): Outbox {
    // The outbox knows no feature: the features' policies say what it does with their writes.
    return createOutbox({ queryClient, policies: outboxPolicies, early });
  },
  afterRestore(queryClient: QueryClient, outbox: Outbox): void {
    // Chromium: waiting changes are also sent by the service worker, after the tab was closed (Background Sync).
    if (backgroundSyncSupported())
      void import("@/offline/background-sync/background-sync").then((m) =>
        m.startBackgroundSync(queryClient, outbox, outboxPolicies),
      );
  },
};
