/*
 * Weak signal (issue 18 item 6): a read that has a saved copy never leaves the shopper in front of a spinner.
 * A query that already holds data (restored from the persisted cache, or read earlier) keeps showing it while
 * it is read again; when that read has not been answered after 4 s, the shop says so ('Slow connection: showing
 * the saved copy', slow-connection-notice.tsx) and lets the read go on (it gives up after 30 s, api/client.ts).
 * The fresh reply replaces the copy when it arrives, and the notice goes. A read that fails meanwhile is tried
 * again every 10 s while the page still shows it, so the copy is replaced as soon as the signal allows.
 * Only reads someone is looking at count (not preloads on hover), and only online: offline, the offline banner
 * speaks.
 */
import { onlineManager, type QueryClient } from "@tanstack/react-query";

/** An API read with a saved copy counts as slow after this long. */
export const SLOW_READ_MS = 4000;
/** A slow read that failed is tried again after this long, while it is shown. */
export const SLOW_RETRY_MS = 10_000;

type Listener = () => void;
const listeners = new Set<Listener>();
const slow = new Set<string>();

/** True while a read the page shows waits longer than SLOW_READ_MS and the saved copy is shown instead. */
export function isShowingSavedCopy(): boolean {
  return slow.size > 0;
}

export function subscribeSavedCopy(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function mark(hash: string, on: boolean): void {
  const before = slow.size;
  if (on) slow.add(hash);
  else slow.delete(hash);
  if (before > 0 !== slow.size > 0) listeners.forEach((l) => l());
}

/** Watches the query cache's reads; returns the stop function. */
export function watchSlowReads(
  queryClient: QueryClient,
  { slowMs = SLOW_READ_MS, retryMs = SLOW_RETRY_MS } = {},
): () => void {
  const cache = queryClient.getQueryCache();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const retries = new Map<string, ReturnType<typeof setTimeout>>();
  const clear = (map: Map<string, ReturnType<typeof setTimeout>>, hash: string) => {
    const timer = map.get(hash);
    if (timer !== undefined) clearTimeout(timer);
    map.delete(hash);
  };
  const forget = (hash: string) => {
    clear(timers, hash);
    clear(retries, hash);
    mark(hash, false);
  };

  const unsubscribe = cache.subscribe((event) => {
    const query = event.query;
    const hash = query.queryHash;
    if (event.type === "removed") return forget(hash);
    if (event.type === "observerRemoved" && query.getObserversCount() === 0) return forget(hash);
    if (event.type !== "updated") return;
    const { fetchStatus, data } = query.state;
    if (fetchStatus === "fetching") {
      // A read without a saved copy shows the page's own loading state: nothing to show instead.
      if (data === undefined || timers.has(hash) || slow.has(hash)) return;
      clear(retries, hash);
      timers.set(
        hash,
        setTimeout(() => {
          timers.delete(hash);
          if (
            query.state.fetchStatus === "fetching" &&
            query.getObserversCount() > 0 &&
            onlineManager.isOnline()
          )
            mark(hash, true);
        }, slowMs),
      );
      return;
    }
    clear(timers, hash);
    if (!slow.has(hash)) return;
    if (event.action.type === "success") return forget(hash);
    if (event.action.type === "error" && query.getObserversCount() > 0) {
      // Still the saved copy: the read is tried again in a while (the notice stays).
      clear(retries, hash);
      retries.set(
        hash,
        setTimeout(() => {
          retries.delete(hash);
          if (query.getObserversCount() > 0)
            void queryClient
              .refetchQueries({ queryKey: query.queryKey, exact: true, type: "active" })
              .catch(() => undefined);
          else forget(hash);
        }, retryMs),
      );
    }
  });

  return () => {
    unsubscribe();
    for (const t of [...timers.values(), ...retries.values()]) clearTimeout(t);
    timers.clear();
    retries.clear();
    for (const hash of [...slow]) mark(hash, false);
  };
}
