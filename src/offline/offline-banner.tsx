import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import "./offline-banner.css";

/**
 * The banner shown while offline or while changes wait to be sent. Part of the first load on purpose (plain
 * elements, not MUI Alert): a lazily loaded banner could not load at the very moment the connection drops.
 */
export function OfflineBanner({ isOnline, waiting }: { isOnline: boolean; waiting: number }) {
  const { t } = useLingui();
  const changes = plural(waiting, {
    one: "# change is waiting to sync.",
    other: "# changes are waiting to sync.",
  });
  return (
    <div
      className={`offline-banner offline-banner--${isOnline ? "syncing" : "offline"}`}
      role="status"
      data-testid="offline-banner"
      data-waiting={waiting}
      data-online={isOnline}
    >
      {isOnline ? t`Syncing your changes…` : t`You are offline. Pages you have visited still work.`}
      {waiting > 0 && <> {changes}</>}
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
