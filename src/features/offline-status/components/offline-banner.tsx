import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import "./offline-banner.css";

/** The sync status in words: offline or syncing, and how many changes wait ("" when neither). */
export function useSyncStatusText(isOnline: boolean, waiting: number): string {
  const { t } = useLingui();
  if (isOnline && waiting === 0) return "";
  const changes = plural(waiting, {
    one: "# change is waiting to sync.",
    other: "# changes are waiting to sync.",
  });
  const state = isOnline ? t`Syncing your changes…` : t`You are offline. Pages you have visited still work.`;
  return waiting > 0 ? `${state} ${changes}` : state;
}

/**
 * The banner shown while offline or while changes wait to be sent. Part of the first load on purpose (plain
 * elements, not MUI Alert): a lazily loaded banner could not load at the very moment the connection drops.
 * Not a live region itself: it comes and goes, and a region added with its text is not reliably read out;
 * `SyncAnnouncer`, always in the page, says the same words when they change.
 */
export function OfflineBanner({ isOnline, waiting }: { isOnline: boolean; waiting: number }) {
  const { t } = useLingui();
  const text = useSyncStatusText(isOnline, waiting);
  return (
    <div
      className={`offline-banner offline-banner--${isOnline ? "syncing" : "offline"}`}
      data-testid="offline-banner"
      data-waiting={waiting}
      data-online={isOnline}
    >
      {text}
      {!isOnline && (
        <>
          {" "}
          <Link to="/saved-offline" className="offline-banner__link">
            {t`Saved for offline`}
          </Link>
        </>
      )}
    </div>
  );
}

/** The sync status for screen readers (issue 40 item 5): a live region in every page, empty while all is sent. */
export function SyncAnnouncer({ isOnline, waiting }: { isOnline: boolean; waiting: number }) {
  return (
    <p className="ui-visually-hidden" role="status" data-testid="sync-announcer">
      {useSyncStatusText(isOnline, waiting)}
    </p>
  );
}
