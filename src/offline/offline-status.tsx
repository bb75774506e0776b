/*
 * What the shopper sees of the offline machinery: a banner while offline or while changes wait to be sent,
 * one summary toast after a replay, and the 'A new version is available' prompt (never on checkout, and the
 * reload waits until the outbox is empty).
 */
import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { toast } from "@/components/feedback/toast";
import { useOnlineStatus } from "@/hooks/use-online-status";
import type { OutboxSummary } from "./outbox";
import { useOutbox } from "./outbox-context";
import { SummaryMessage } from "./summary-message";
import { isUpdateWaiting, subscribeUpdate } from "./register-sw";
import { useWaitingChanges } from "./use-waiting-changes";
import { OfflineBanner } from "./offline-banner";
import { SlowConnectionNotice } from "./slow-connection-notice";

// The update prompt loads only when a new version waits.
const UpdatePrompt = lazy(() => import("./update-prompt").then((m) => ({ default: m.UpdatePrompt })));

function useSummaryToast() {
  const outbox = useOutbox();
  useEffect(
    () =>
      outbox.subscribeSummary((summary: OutboxSummary) => {
        toast(<SummaryMessage summary={summary} />, {
          variant: summary.refused.length || summary.priceChanged.length ? "warning" : "success",
          autoHideDuration: 10000,
        });
      }),
    [outbox],
  );
}

/** Mounted once in the root layout. */
export function OfflineStatus() {
  useSummaryToast();
  const isOnline = useOnlineStatus();
  const waiting = useWaitingChanges();
  const updateWaiting = useSyncExternalStore(subscribeUpdate, isUpdateWaiting, () => false);

  return (
    <>
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
