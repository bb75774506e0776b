/*
 * What the shopper sees of the offline machinery: a banner while offline or while changes wait to be sent,
 * one summary toast after a replay, and the 'A new version is available' prompt (never on checkout, and the
 * reload waits until the outbox is empty).
 */
import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { toast } from "@/components/feedback/toast";
import { useOnlineStatus } from "@/hooks/use-online-status";
import { useCurrency } from "@/i18n/currency";
import { subscribeOutboxSummary, type OutboxSummary } from "./outbox";
import { isUpdateWaiting, subscribeUpdate } from "./register-sw";
import { useWaitingChanges } from "./use-waiting-changes";
import { OfflineBanner } from "./offline-banner";
import { SlowConnectionNotice } from "./slow-connection-notice";

// The update prompt loads only when a new version waits.
const UpdatePrompt = lazy(() => import("./update-prompt").then((m) => ({ default: m.UpdatePrompt })));

function SummaryMessage({ summary }: { summary: OutboxSummary }) {
  const { t } = useLingui();
  const { format } = useCurrency();
  const synced = summary.synced;
  return (
    <div
      data-testid="outbox-summary"
      data-synced={synced}
      data-refused={summary.refused.length}
      data-price-changed={summary.priceChanged.length}
    >
      {synced > 0 && (
        <div>
          {plural(synced, {
            one: "# change made offline is now synced.",
            other: "# changes made offline are now synced.",
          })}
        </div>
      )}
      {summary.refused.length > 0 && (
        <>
          <div>{t`Not accepted by the shop:`}</div>
          <ul style={{ margin: 0, paddingLeft: "1.2em" }}>
            {summary.refused.map((r, i) => (
              <li key={i} data-testid="outbox-refused">
                {r.label ?? t`A change`}: {r.message}
              </li>
            ))}
          </ul>
        </>
      )}
      {summary.priceChanged.length > 0 && (
        <>
          <div>{t`The price has changed since you added:`}</div>
          <ul style={{ margin: 0, paddingLeft: "1.2em" }}>
            {summary.priceChanged.map((c, i) => {
              const name = c.label ?? t`A product`;
              const now = format(c.to);
              const was = format(c.from);
              return (
                <li key={i} data-testid="outbox-price-changed">
                  {t`${name}: now ${now} (was ${was})`}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}

function useSummaryToast() {
  useEffect(
    () =>
      subscribeOutboxSummary((summary: OutboxSummary) => {
        toast(<SummaryMessage summary={summary} />, {
          variant: summary.refused.length || summary.priceChanged.length ? "warning" : "success",
          autoHideDuration: 10000,
        });
      }),
    [],
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
