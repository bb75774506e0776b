import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { useOnlineStatus } from "@/hooks/use-online-status";

/** Says that a form needs a connection, while the device is offline. */
export function OfflineNotice({ children }: { children: ReactNode }) {
  const isOnline = useOnlineStatus();
  if (isOnline) return null;
  return (
    <Alert severity="warning" role="status">
      {children}
    </Alert>
  );
}
