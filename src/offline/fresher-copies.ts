/*
 * The page's half of sw/fresher-copies.ts: when the service worker says a reply it answered from its cache has
 * a fresher copy, the public queries on screen are read again (the worker now answers them from that copy), so
 * prices and stock catch up while the shopper looks at them instead of at the next view. Personal queries never
 * go through the worker's caches and are left alone.
 */
import type { QueryClient } from "@tanstack/react-query";
import { FRESHER_COPY_MESSAGE } from "./sw-messages";

/** Several replies revalidated together (a page's product, list and reviews) make one read of the screen. */
const GATHER_MS = 150;

export function listenForFresherCopies(queryClient: QueryClient): () => void {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return () => undefined;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const onMessage = (e: MessageEvent) => {
    const data = e.data as { type?: unknown } | null;
    if (data?.type !== FRESHER_COPY_MESSAGE || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void queryClient.invalidateQueries({
        predicate: (q) => q.meta?.personal !== true,
        refetchType: "active",
      });
    }, GATHER_MS);
  };
  navigator.serviceWorker.addEventListener("message", onMessage);
  return () => {
    navigator.serviceWorker.removeEventListener("message", onMessage);
    if (timer) clearTimeout(timer);
  };
}
