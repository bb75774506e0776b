import Alert from "@mui/material/Alert";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";

/** The banner shown while offline or while changes wait to be sent (loaded when first needed). */
export function OfflineBanner({ isOnline, waiting }: { isOnline: boolean; waiting: number }) {
  const { t } = useLingui();
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
