import { lazy, Suspense, useEffect, useState } from "react";
import { afterFirstInteraction } from "@/utils/first-interaction";
import { onToastWaiting } from "./toast";

const ToastHost = lazy(() => import("./toast-host").then((m) => ({ default: m.ToastHost })));

/**
 * Mounts the toast host (notistack) at the shopper's first interaction, since toasts answer what the shopper
 * does, or at once when a toast waits (a toast nobody asked for: a replay's summary, a fresher copy).
 */
export function LazyToastHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    const stop = onToastWaiting(want);
    const cancel = afterFirstInteraction(want);
    return () => {
      stop();
      cancel();
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}
