import "@/api/contract/zod-setup";
import "@/components/ui/ui.css";
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { hydrate, type DehydratedState } from "@tanstack/react-query";
import { AppProviders, createAppServices } from "@/app/providers";
import {
  markFirstNavigation,
  markFirstPageLoaded,
  readServerHandoff,
  type ServerHandoff,
} from "@/render/handoff";
import { activateInitialLocale, i18n } from "@/i18n/i18n";
import { prepareMoneyFormat, setRenderedCurrency } from "@/i18n/currency";
import { createDeferredOutbox } from "@/offline/outbox/deferred-outbox";
import { listenForFresherCopies } from "@/offline/signal/fresher-copies";
import { watchSlowReads } from "@/offline/signal/slow-reads";
import { loadPurifier } from "@/utils/sanitize-html";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

/** The app's services (router, query cache, outbox) and what watches them. */
function startServices() {
  const services = createAppServices();
  // The outbox and the features' policies load when something needs them (a write, a waiting change, another
  // tab's word): not with the first page (offline/outbox/deferred-outbox.ts).
  const outbox = createDeferredOutbox(services.queryClient, () =>
    import("@/app/start-outbox").then((m) => m.outboxModule),
  );
  services.outbox = outbox;
  // A read with a saved copy that takes more than 4 s: the copy stays, with a notice (weak signal).
  watchSlowReads(services.queryClient);
  // The worker answered from its cache and then got a different copy from the server: the screen catches up.
  listenForFresherCopies(services.queryClient);
  // App start: whatever waited in the outbox is replayed (by one tab) once the cache is back, and Background
  // Sync starts (Chromium), with the outbox.
  services.onCacheRestored = () => outbox.cacheRestored();
  // A log-out made offline whose token the server has not revoked yet (N20): revoked when the connection is
  // back. Its code loads only when one waits.
  let revokesWaiting = false;
  try {
    revokesWaiting = localStorage.getItem("pendingRevokes") !== null;
  } catch {
    // storage refused (a private window's policy): nothing can be waiting in it
  }
  if (revokesWaiting) void import("@/features/account/revoke-queue").then((m) => m.watchPendingRevokes());
  return services;
}

type Services = ReturnType<typeof startServices>;

/**
 * Resolves in a new task (setTimeout 0, what the measurements below were taken with), so the browser can paint
 * and handle input in between. Each call names the measured long task it breaks up (issue 16).
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** How the first page comes on screen: over the server's HTML (hydrated, or over a personal page's frame) or not. */
type FirstRender = "hydrate" | "over-frame" | "fresh";

/** The first page's route and data, before its first render. */
async function loadFirstPage(services: Services, handoff: ServerHandoff | null): Promise<FirstRender> {
  if (handoff?.frame) {
    // A personal page's frame (PersonalFrame): the page itself is the browser's to render, with the shopper's
    // data, over the frame (no hydration); the handed-over public data (the menu's categories) is kept.
    hydrate(services.queryClient, handoff.queries as DehydratedState);
    await services.router.load();
    return "over-frame";
  }
  // The server's page is hydrated when it was rendered in the shopper's language; otherwise it is replaced
  // (a choice stored before the cookie existed: the cookie now says it, so the next page is hydrated).
  if (handoff && handoff.locale === i18n.locale) {
    hydrate(services.queryClient, handoff.queries as DehydratedState);
    // Hydration renders prices as the server did; a different stored choice or fresher rates follow after.
    setRenderedCurrency(handoff.currency, handoff.rates);
    // Breaks up the task that follows the language's activation (46–88 ms at 4x CPU on a product page, traced;
    // profiled: the handed-over queries and rates, then the router's load with the route's loaders): the load
    // starts in a task of its own.
    await nextTask();
    // The route's code and data first, so that the first render is the page the server sent.
    const routeLoaded = services.router.load();
    // Breaks up hydration's first task (the shell and its prices: 108 ms at 4x CPU on a catalogue page in
    // bench:tasks, 70 of them the first Intl.NumberFormat loading ICU's data): the formatter is made in a task
    // of its own, while the route's code downloads.
    await nextTask();
    prepareMoneyFormat(i18n.locale);
    await routeLoaded;
    // As in TanStack Start's client: the router renders the boundaries the server rendered (no root Suspense).
    services.router.ssr = { manifest: undefined };
    return "hydrate";
  }
  // No server page: the first page loads as it renders (its server HTML, if any, is not the shopper's).
  return "fresh";
}

async function start(): Promise<void> {
  // Breaks up the entry's evaluation (one task of 176 ms at 4x CPU on a product page, traced): the modules' code
  // runs in it, the app's services (the router with its route tree, the query cache, the outbox) in the next.
  await nextTask();
  const services = startServices();
  const app = (
    <StrictMode>
      <AppProviders services={services} />
    </StrictMode>
  );
  const handoff = readServerHandoff(document);
  // The language the server rendered in (its `lang` cookie or Accept-Language) unless a stored choice says
  // otherwise: the page is hydrated in the language it is written in, never re-rendered for it.
  await activateInitialLocale(handoff?.locale).catch(() => undefined);
  const firstRender = await loadFirstPage(services, handoff);
  // Until the first navigation the server's page (or a personal page's frame) is on screen: components render
  // their final content in the first render instead of a background pass after it (utils/server-html.ts). Over a
  // frame that is one render with the page: a first pass without it (the root's Deferred outlet) would replace the
  // frame's heading and footer with nothing, and the page would wait for a second pass.
  markFirstPageLoaded(firstRender !== "fresh");
  // From now on (not for a first page the server rendered, which keeps the server's markup), a page that shows
  // server HTML (staticData.showsServerHtml) has DOMPurify download beside its route's code and data.
  services.router.subscribe("onBeforeLoad", (e) => {
    const [routes] = services.router.getMatchedRoutes(e.toLocation.pathname);
    if (routes.some((route) => route.options.staticData?.showsServerHtml)) void loadPurifier();
  });
  const stop = services.router.subscribe("onBeforeNavigate", (e) => {
    if (!e.hrefChanged) return;
    markFirstNavigation();
    stop();
  });
  // A transition hydration is cut into short slices: the page stays responsive while it hydrates.
  startTransition(() => {
    if (firstRender === "hydrate") hydrateRoot(root!, app);
    else createRoot(root!).render(app);
  });
}

void start();
