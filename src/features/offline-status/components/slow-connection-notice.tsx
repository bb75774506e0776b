import { useSyncExternalStore } from "react";
import { useLingui } from "@lingui/react/macro";
import { isShowingSavedCopy, subscribeSavedCopy } from "@/offline/signal/slow-reads";
import "./offline-banner.css";

/**
 * 'Slow connection: showing the saved copy' while a read the page shows has waited more than 4 s and its saved
 * copy is shown instead (slow-reads.ts). Part of the first load, as the offline banner, and drawn as it is.
 */
export function SlowConnectionNotice() {
  const { t } = useLingui();
  const showing = useSyncExternalStore(subscribeSavedCopy, isShowingSavedCopy, () => false);
  if (!showing) return null;
  return (
    <div
      className="offline-banner offline-banner--offline"
      role="status"
      data-testid="slow-connection-notice"
    >
      {t`Slow connection: showing the saved copy`}
    </div>
  );
}
