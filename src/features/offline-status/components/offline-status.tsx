/*
 * What the shopper sees of the offline machinery: a banner while offline or while changes wait to be sent,
 * one summary toast after a replay, and the 'A new version is available' prompt (never on checkout, and the
 * reload waits until the outbox is empty).
 */
import { Suspense, useSyncExternalStore } from "react";
import { toast } from "@/components/feedback/toast";
import { lazyThemed } from "@/components/mui/lazy-themed";
import { useOnlineStatus } from "@/hooks/use-online-status";
import { pageServiceWorker } from "@/offline/cache/register-sw";
import { useQueueEntries, useReplaySummary } from "./change-queue-context";
import { OfflineBanner, SyncAnnouncer } from "./offline-banner";
import { SlowConnectionNotice } from "./slow-connection-notice";

// The update prompt loads only when a new version waits.
const UpdatePrompt = lazyThemed(() => import("./mui/update-prompt").then((m) => m.UpdatePrompt));

/** Mounted once in the root layout. */
export function OfflineStatus() {
  const isOnline = useOnlineStatus();
  // Counted as the header's "N changes waiting" counts them: in the queue's entries, after coalescing.
  const waiting = useQueueEntries().length;
  useReplaySummary((summary) => {
    // The summary's words load with the first replay's toast, not with the first page.
    void import("./summary-message")
      .then(({ SummaryMessage }) =>
        toast(<SummaryMessage summary={summary} />, {
          variant: summary.refused.length || summary.priceChanged.length ? "warning" : "success",
          autoHideDuration: 10000,
        }),
      )
      .catch(() => undefined); // a page being left: the queue panel still lists what happened
  });
  const updateWaiting = useSyncExternalStore(
    pageServiceWorker.subscribe,
    pageServiceWorker.isUpdateWaiting,
    () => false,
  );

  return (
    <>
      <SyncAnnouncer isOnline={isOnline} waiting={waiting} />
      {(!isOnline || waiting > 0) && <OfflineBanner isOnline={isOnline} waiting={waiting} />}
      {isOnline && <SlowConnectionNotice />}
      {/* A waiting version stays waiting until the reload, so the prompt stays mounted once shown. */}
      {updateWaiting && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
    </>
  );
}
