/*
 * The page's half of sw/fresher-copies.ts: when the service worker says a reply it answered from its cache has
 * a fresher copy, the queries on screen that this reply feeds (by its API path: the catalogue, categories,
 * content or states) are read again (the worker now answers them from that copy), so prices and stock catch up
 * while the shopper looks at them instead of at the next view. A path not known to feed one domain reads every
 * public query on screen again. Personal queries never go through the worker's caches and are left alone.
 */
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { queryRootFedBy } from "@/api/query-roots";
import { FRESHER_COPY_MESSAGE } from "@/offline/shared/sw-messages";

/** Several replies revalidated together (a page's product, list and reviews) make one read of the screen. */
const GATHER_MS = 150;

export function listenForFresherCopies(queryClient: QueryClient): () => void {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return () => undefined;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** The query roots to read again; null once a reply fed something unknown (then every public query). */
  let roots: QueryKey[] | null = [];
  const onMessage = (e: MessageEvent) => {
    const data = e.data as { type?: unknown; path?: unknown } | null;
    if (data?.type !== FRESHER_COPY_MESSAGE) return;
    const root = typeof data.path === "string" ? queryRootFedBy(data.path) : null;
    roots = root && roots ? [...roots, root] : null;
    timer ??= setTimeout(() => {
      const gathered = roots;
      timer = null;
      roots = [];
      const fed = (key: QueryKey) => !gathered || gathered.some((r) => r.every((part, i) => key[i] === part));
      void queryClient.invalidateQueries({
        predicate: (q) => q.meta?.personal !== true && fed(q.queryKey),
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
