import { lazy, Suspense, useEffect, useState } from "react";
import { afterLoad, whenIdle } from "@/utils/idle";
import { onToastWaiting } from "./toast";

const ToastHost = lazy(() => import("./toast-host").then((m) => ({ default: m.ToastHost })));

/** Mounts the toast host once the page is idle after loading, or at once when a toast waits. */
export function LazyToastHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    const stop = onToastWaiting(want);
    let cancelIdle: () => void = () => undefined;
    const cancelLoad = afterLoad(() => {
      cancelIdle = whenIdle(want, 4000, 2000);
    });
    return () => {
      stop();
      cancelLoad();
      cancelIdle();
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}
