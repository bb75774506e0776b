import Alert from "@mui/material/Alert";
import type { ReactNode } from "react";
import { useOnlineStatus } from "@/hooks/use-online-status";

/** Says that a form needs a connection, while the device is offline. */
export function OfflineNotice({ children }: { children: ReactNode }) {
  const isOnline = useOnlineStatus();
  if (isOnline) return null;
  return (
    <Alert severity="warning" role="status" sx={{ mb: 2 }}>
      {children}
    </Alert>
  );
}
