/*
 * Stale-while-revalidate answers a catalogue read at once from the worker's cache, then fetches the server's
 * copy behind it. Without this, a shopper on a weak signal keeps the older prices and stock on screen until
 * the next view, and never hears that a fresher copy came. This plugin tells the open pages when the copy it
 * stored differs from the one it replaced (src/offline/signal/fresher-copies.ts reads the queries again, which the
 * worker then answers from the fresh copy).
 *
 * Why not workbox-broadcast-update: it compares the Content-Length, ETag and Last-Modified headers, and takes
 * two replies without them as equal; JSON replies of our API (compressed, chunked) and of a stock Bagisto
 * carry none of them reliably. The bodies are compared instead (API replies are a few kB).
 */
/// <reference lib="webworker" />
import type { WorkboxPlugin } from "workbox-core/types";
import { FRESHER_COPY_MESSAGE } from "../src/offline/shared/sw-messages";
import { apiPath } from "./api-root";

declare const self: ServiceWorkerGlobalScope;

/**
 * At most one message per address in this long: a reply that differs at every read (a server clock in the
 * body) must not make the pages read it in a loop.
 */
const QUIET_MS = 60_000;
const lastTold = new Map<string, number>();

export const tellPagesOfFresherCopies: WorkboxPlugin = {
  cacheDidUpdate: async ({ request, oldResponse, newResponse }) => {
    // A first copy is no news: the page got it from the network itself.
    if (!oldResponse) return;
    const [before, after] = await Promise.all([
      oldResponse
        .clone()
        .text()
        .catch(() => null),
      newResponse
        .clone()
        .text()
        .catch(() => null),
    ]);
    if (before === null || after === null || before === after) return;
    const now = Date.now();
    if (now - (lastTold.get(request.url) ?? 0) < QUIET_MS) return;
    lastTold.set(request.url, now);
    if (lastTold.size > 500) lastTold.delete(lastTold.keys().next().value!);
    const pages = await self.clients.matchAll({ type: "window" });
    for (const page of pages)
      page.postMessage({ type: FRESHER_COPY_MESSAGE, url: request.url, path: apiPath(new URL(request.url)) });
  },
};
