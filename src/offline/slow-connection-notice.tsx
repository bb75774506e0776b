import { useSyncExternalStore } from "react";
import Box from "@mui/material/Box";
import { useLingui } from "@lingui/react/macro";
import { isShowingSavedCopy, subscribeSavedCopy } from "./slow-reads";

/**
 * 'Slow connection: showing the saved copy' while a read the page shows has waited more than 4 s and its saved
 * copy is shown instead (slow-reads.ts). Part of the first load, as the offline banner: a plain Box.
 */
export function SlowConnectionNotice() {
  const { t } = useLingui();
  const showing = useSyncExternalStore(subscribeSavedCopy, isShowingSavedCopy, () => false);
  if (!showing) return null;
  return (
    <Box
      role="status"
      data-testid="slow-connection-notice"
      sx={{ px: 2, py: 1, textAlign: "center", fontSize: "0.875rem", bgcolor: "#fff4e5", color: "#663c00" }}
    >
      {t`Slow connection: showing the saved copy`}
    </Box>
  );
}
