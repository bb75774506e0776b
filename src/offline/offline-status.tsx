/*
 * What the shopper sees of the offline machinery: a banner while offline or while changes wait to be sent,
 * one summary toast after a replay, and the 'A new version is available' prompt (never on checkout, and the
 * reload waits until the outbox is empty).
 */
import { useEffect, useState, useSyncExternalStore } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Snackbar from "@mui/material/Snackbar";
import { useRouterState } from "@tanstack/react-router";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { enqueueSnackbar } from "notistack";
import { useOnlineStatus } from "@/hooks/use-online-status";
import { subscribeOutboxSummary, type OutboxSummary } from "./outbox";
import { appPersister } from "./persister";
import { applyUpdate, isUpdateWaiting, subscribeUpdate } from "./register-sw";
import { useWaitingChanges } from "./use-waiting-changes";

export function OfflineBanner() {
  const { t } = useLingui();
  const isOnline = useOnlineStatus();
  const waiting = useWaitingChanges();
  if (isOnline && waiting === 0) return null;
  const changes = plural(waiting, {
    one: "# change is waiting to sync.",
    other: "# changes are waiting to sync.",
  });
  return (
    <Alert
      severity={isOnline ? "info" : "warning"}
      role="status"
      data-testid="offline-banner"
      data-waiting={waiting}
      data-online={isOnline}
      sx={{ borderRadius: 0, justifyContent: "center" }}
    >
      {isOnline ? t`Syncing your changes…` : t`You are offline. Pages you have visited still work.`}
      {waiting > 0 && <> {changes}</>}
    </Alert>
  );
}

function SummaryMessage({ summary }: { summary: OutboxSummary }) {
  const { t } = useLingui();
  const synced = summary.synced;
  return (
    <div data-testid="outbox-summary" data-synced={synced} data-refused={summary.refused.length}>
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
    </div>
  );
}

function useSummaryToast() {
  useEffect(
    () =>
      subscribeOutboxSummary((summary: OutboxSummary) => {
        enqueueSnackbar(<SummaryMessage summary={summary} />, {
          variant: summary.refused.length ? "warning" : "success",
          autoHideDuration: 10000,
        });
      }),
    [],
  );
}

function UpdatePrompt() {
  const { t } = useLingui();
  const waitingUpdate = useSyncExternalStore(subscribeUpdate, isUpdateWaiting, () => false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const waiting = useWaitingChanges();
  const [requested, setRequested] = useState(false);
  const onCheckout = pathname.startsWith("/checkout");

  useEffect(() => {
    // The shopper asked for the new version: load it once nothing waits to be sent (and not mid-checkout).
    if (requested && waiting === 0 && !onCheckout) void appPersister.flush().finally(applyUpdate);
  }, [requested, waiting, onCheckout]);

  return (
    <Snackbar
      open={waitingUpdate && !onCheckout}
      anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
      message={
        <span data-testid="update-prompt" data-state={requested ? "requested" : "offered"}>
          {requested && waiting > 0
            ? t`The new version will load as soon as your changes are synced.`
            : t`A new version is available`}
        </span>
      }
      action={
        !requested && (
          <Button color="inherit" size="small" data-testid="update-reload" onClick={() => setRequested(true)}>
            {t`Reload`}
          </Button>
        )
      }
    />
  );
}

/** Mounted once in the root layout. */
export function OfflineStatus() {
  useSummaryToast();
  return (
    <>
      <OfflineBanner />
      <UpdatePrompt />
    </>
  );
}
