/*
 * The browser's start-up: the app's services, the first page (render/first-page.ts: hydrated over the server's
 * page, over a personal page's frame, or from scratch) and the root. main.tsx calls it.
 */
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { AppProviders, createAppServices, type AppServices } from "@/app/providers";
import { readServerHandoff } from "@/render/handoff";
import { followFirstPage, loadFirstPage, nextTask } from "@/render/first-page";
import { activateInitialLocale, i18n } from "@/i18n/i18n";
import { prepareMoneyFormat, setRenderedCurrency } from "@/i18n/currency";
import { createDeferredOutbox } from "@/offline/outbox/deferred-outbox";
import { listenForFresherCopies } from "@/offline/signal/fresher-copies";
import { startOnlineSignal } from "@/offline/signal/online-signal";
import { watchSlowReads } from "@/offline/signal/slow-reads";
import { loadPurifier } from "@/utils/sanitize-html";

/** The app's services (router, query cache, outbox) and what watches them, complete. */
function createBrowserServices(): AppServices {
  const base = createAppServices();
  // Whether the shop can be reached: the browser's word, checked by one request when it says offline at a wake
  // (WebKit can say so long after the connection is back); TanStack's online manager follows it.
  startOnlineSignal();
  // The outbox and the features' policies load when something needs them (a write, a waiting change, another
  // tab's word): not with the first page (offline/outbox/deferred-outbox.ts).
  const outbox = createDeferredOutbox(base.queryClient, () =>
    import("@/app/start-outbox").then((m) => m.outboxModule(base.api)),
  );
  // A read with a saved copy that takes more than 4 s: the copy stays, with a notice (weak signal).
  watchSlowReads(base.queryClient);
  // The worker answered from its cache and then got a different copy from the server: the screen catches up.
  listenForFresherCopies(base.queryClient);
  // A log-out made offline whose token the server has not revoked yet (N20): revoked when the connection is
  // back. Its code loads only when one waits.
  let revokesWaiting = false;
  try {
    revokesWaiting = localStorage.getItem("pendingRevokes") !== null;
  } catch {
    // storage refused (a private window's policy): nothing can be waiting in it
  }
  if (revokesWaiting)
    void import("@/features/account/revoke-queue").then(
      (m) => m.watchPendingRevokes(),
      () => undefined, // a page left while it loads: the next page start looks again
    );
  return {
    ...base,
    outbox,
    // App start: whatever waited in the outbox is replayed (by one tab) once the cache is back, and Background
    // Sync starts (Chromium), with the outbox.
    onCacheRestored: () => outbox.cacheRestored(),
  };
}

/** Starts the app in `root` (#root of index.html, or of the server's page). */
export async function startBrowserApp(root: HTMLElement): Promise<void> {
  // Breaks up the entry's evaluation: the modules' code runs in one task, the app's services (the router with its
  // route tree, the query cache, the outbox) in the next.
  await nextTask();
  const services = createBrowserServices();
  const app = (
    <StrictMode>
      <AppProviders services={services} />
    </StrictMode>
  );
  const handoff = readServerHandoff(document);
  // The language the server rendered in (its `lang` cookie or Accept-Language) unless a stored choice says
  // otherwise: the page is hydrated in the language it is written in, never re-rendered for it.
  await activateInitialLocale(handoff?.locale).catch(() => undefined);
  const firstRender = await loadFirstPage({
    queryClient: services.queryClient,
    router: services.router,
    handoff,
    locale: i18n.locale,
    renderAsServer: (h) => setRenderedCurrency(h.currency, h.rates),
    prepareFormats: () => prepareMoneyFormat(i18n.locale),
  });
  // Over a frame that is one render with the page: a first pass without it (the root's Deferred outlet) would
  // replace the frame's heading and footer with nothing, and the page would wait for a second pass.
  followFirstPage(services.router, firstRender, services.serverHtml);
  // From now on (not for a first page the server rendered, which keeps the server's markup), a page that shows
  // server HTML (staticData.showsServerHtml) has DOMPurify download beside its route's code and data.
  services.router.subscribe("onBeforeLoad", (e) => {
    const [routes] = services.router.getMatchedRoutes(e.toLocation.pathname);
    if (routes.some((route) => route.options.staticData?.showsServerHtml)) void loadPurifier();
  });
  // A transition hydration is cut into short slices: the page stays responsive while it hydrates.
  startTransition(() => {
    if (firstRender === "hydrate") hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}
