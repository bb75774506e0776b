/*
 * The service worker entry: precache the app shell (HTML, every route chunk, the three compiled language
 * catalogues, fonts, icons) and serve navigations from it; runtime routes per resource class live in
 * routes.ts. Updates are prompt-mode: a new worker waits until the page asks it to take over (SKIP_WAITING),
 * which the page does only when the shopper chooses Reload.
 */
/// <reference lib="webworker" />
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { PACK_CACHE_PREFIX } from "../src/offline/shared/pack-rules";
import { RUNTIME_CACHE_NAMES } from "./constants";
import { registerRuntimeRoutes } from "./routes";
import "./background-sync"; // Background Sync: waiting changes sent after the tab was closed (issue 18 item 5)

declare const self: ServiceWorkerGlobalScope;

// The first install takes control at once so the first visit is already served offline next time.
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
// Every app path is a client route: serve the cached shell, but never for the API or the operator's addresses
// (health checks, /metrics). The shell holds no one's data, so personal pages (PERSONAL_PAGES) open offline too;
// no rendered page is ever stored here.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL("index.html"), {
    denylist: [/^\/api(\/|$)/, /^\/(metrics|healthz|readyz)$/],
  }),
);
registerRuntimeRoutes();

self.addEventListener("message", (event) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === "SKIP_WAITING") void self.skipWaiting();
  else if (data?.type === "GET_VERSION") event.ports[0]?.postMessage(__APP_VERSION__);
});

// Runtime caches of an older naming scheme are dropped when a new worker activates; the saved offline packs stay.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter(
              (n) =>
                !n.startsWith("workbox-precache") &&
                !n.startsWith(PACK_CACHE_PREFIX) &&
                !RUNTIME_CACHE_NAMES.includes(n),
            )
            .map((n) => caches.delete(n)),
        ),
      ),
  );
});
