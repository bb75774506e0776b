import { createRouter, type AnyRoute, type RouterHistory } from "@tanstack/react-router";
import type { QueryClient } from "@tanstack/react-query";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { createElement } from "react";
import { ErrorView } from "@/components/feedback/error-view";
import { NotFound } from "@/components/feedback/not-found";
import { Preloader } from "@/components/feedback/preloader";
import { withPageReady } from "@/render/page-ready";
import { accountRoutes } from "@/routes/account-routes";
import { catalogRoutes } from "@/routes/catalog-routes";
import { contentRoutes } from "@/routes/content-routes";
import { counterRoutes } from "@/routes/counter-routes";
import { rootRoute } from "@/routes/root";
import { shoppingRoutes } from "@/routes/shopping-routes";
import { noteHistoryAction } from "@/utils/history-traversal";
import { i18n as browserI18n } from "@/i18n/i18n";
import { DEFAULT_LOCALE, normaliseLocale } from "@/i18n/locale";

export const routeTree = rootRoute.addChildren([
  ...contentRoutes,
  ...catalogRoutes,
  ...shoppingRoutes,
  ...accountRoutes,
  ...counterRoutes,
]);

// Every page (a route without children) marks #main once it answers clicks (see page-ready.tsx).
const markPages = (routes: readonly AnyRoute[] | undefined): void => {
  for (const route of routes ?? []) {
    const children = route.children as readonly AnyRoute[] | undefined;
    if (children?.length) markPages(children);
    else if (route.options.component) route.update({ component: withPageReady(route.options.component) });
  }
};
markPages(routeTree.children);

/** `i18n`: the language the loaders ask the catalogue in (a server render's own, else the browser's). */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory, i18n: I18n = browserI18n) {
  const router = createRouter({
    routeTree,
    history,
    context: { queryClient, locale: () => normaliseLocale(i18n.locale) ?? DEFAULT_LOCALE },
    defaultPreload: "intent",
    // TanStack Query owns freshness.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: Preloader,
    defaultPendingMs: 150,
    defaultErrorComponent: ({ reset }) => createElement(ErrorView, { onRetry: reset }),
    defaultNotFoundComponent: NotFound,
    notFoundMode: "root",
    // A new page starts at the top (SPEC §2); back and forward return to where the shopper was on that page.
    // In the browser only: on the server the router would put an inline script into the page, which the CSP
    // blocks, and which then fails the hydration (the browser's router renders no such script).
    scrollRestoration: !import.meta.env.SSR,
  });
  router.history.subscribe(({ action }) => noteHistoryAction(action.type));
  return router;
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** The template variant a page renders (SPEC §2 home/shop/product/blog variants). */
    variant?: string;
    /**
     * The page shows the shopper's own data: the server renders only its frame (PersonalFrame), sent with
     * `Cache-Control: private, no-store` (server/static.ts reads this through the renderer). Set only by
     * `personalPage()` (src/offline/shared/personal-requests.ts), whose table the service worker reads.
     */
    personal?: boolean;
    /** A personal page's heading, shown by the server's frame (set by `personalPage()`). */
    title?: MessageDescriptor;
    /**
     * The page shows server HTML (HtmlContent): a navigation to it downloads DOMPurify beside the route's code
     * and data rather than after them (app/start-browser.tsx).
     */
    showsServerHtml?: boolean;
  }
}
