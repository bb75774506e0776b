import { lazy, Suspense, useEffect, useState } from "react";
import { onToastWaiting } from "./toast";

const ToastHost = lazy(() => import("./toast-host").then((m) => ({ default: m.ToastHost })));

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number };

/** Mounts the toast host once the page is idle after loading, or at once when a toast waits. */
export function LazyToastHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    const stop = onToastWaiting(want);
    const w = window as IdleWindow;
    const afterLoad = () =>
      w.requestIdleCallback ? w.requestIdleCallback(want, { timeout: 4000 }) : window.setTimeout(want, 2000);
    if (document.readyState === "complete") afterLoad();
    else window.addEventListener("load", afterLoad, { once: true });
    return () => {
      stop();
      window.removeEventListener("load", afterLoad);
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}
