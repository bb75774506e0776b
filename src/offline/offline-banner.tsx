import Box from "@mui/material/Box";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";

/**
 * The banner shown while offline or while changes wait to be sent. Part of the first load on purpose (a plain Box,
 * not MUI Alert): a lazily loaded banner could not load at the very moment the connection drops.
 */
export function OfflineBanner({ isOnline, waiting }: { isOnline: boolean; waiting: number }) {
  const { t } = useLingui();
  const changes = plural(waiting, {
    one: "# change is waiting to sync.",
    other: "# changes are waiting to sync.",
  });
  return (
    <Box
      role="status"
      data-testid="offline-banner"
      data-waiting={waiting}
      data-online={isOnline}
      sx={{
        px: 2,
        py: 1,
        textAlign: "center",
        fontSize: "0.875rem",
        bgcolor: isOnline ? "#e5f6fd" : "#fff4e5",
        color: isOnline ? "#014361" : "#663c00",
      }}
    >
      {isOnline ? t`Syncing your changes…` : t`You are offline. Pages you have visited still work.`}
      {waiting > 0 && <> {changes}</>}
      {!isOnline && (
        <>
          {" "}
          <Link to="/saved-offline" style={{ color: "inherit" }}>
            {t`Saved for offline`}
          </Link>
        </>
      )}
    </Box>
  );
}
