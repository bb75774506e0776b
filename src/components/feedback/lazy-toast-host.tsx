import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { afterFirstInteraction } from "@/render/first-interaction";
import { asPageCode } from "@/render/lazy-page";
import { onToastWaiting } from "./toast";

// An import dropped because the page is being left waits for the next page instead of failing (asPageCode).
const loadToastHost = () =>
  lazy(asPageCode(() => import("./toast-host").then((m) => ({ default: m.ToastHost }))));

/**
 * Nothing instead of the toast host when its code cannot be loaded (a connection that failed, or Firefox and
 * WebKit dropping the imports of a page being left): the host sits beside the router, above every error view,
 * so its failed import would otherwise take the whole shop off the screen.
 */
class WithoutToasts extends Component<{ children: ReactNode; onFailed: () => void }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch() {
    this.props.onFailed();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Mounts the toast host (notistack) at the shopper's first interaction, since toasts answer what the shopper
 * does, or at once when a toast waits (a toast nobody asked for: a replay's summary, a fresher copy). If its
 * code could not be loaded, the next toast tries again (the toasts asked for meanwhile wait).
 */
export function LazyToastHost() {
  const [wanted, setWanted] = useState(false);
  const [host, setHost] = useState(() => ({ attempt: 0, ToastHost: loadToastHost() }));
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
  const { ToastHost } = host;
  return (
    <WithoutToasts
      key={host.attempt}
      onFailed={() => {
        setWanted(false);
        setHost((h) => ({ attempt: h.attempt + 1, ToastHost: loadToastHost() }));
      }}
    >
      <Suspense fallback={null}>
        <ToastHost />
      </Suspense>
    </WithoutToasts>
  );
}
