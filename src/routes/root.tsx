import { Suspense, useContext, useEffect } from "react";
import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet, useRouterState } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { categoryQueries, ROOT_CATEGORY_ID } from "@/api/categories";
import { withCatalogue } from "@/i18n/i18n";
import type { Locale } from "@/i18n/locale";
import { Deferred } from "@/render/deferred";
import { NotFound } from "@/components/feedback/not-found";
import { PersonalFrame } from "@/components/layout/personal-frame";
import { Footer } from "@/features/shell/components/footer";
import { Header } from "@/features/shell/components/header";
import { ChangeQueueProvider } from "@/features/offline-status/components/change-queue-context";
import { OfflineStatus } from "@/features/offline-status/components/offline-status";
import { ServerRenderContext } from "@/render/server-render";
import { HeaderActions } from "./-components/header-actions";
import "./root.css";
import { isOnline } from "@/offline/signal/online-signal";

export interface RouterContext {
  queryClient: QueryClient;
  /** the shopper's language now: the catalogue's reads carry it (decision 051) */
  locale: () => Locale;
}

// The features' words for waiting changes load when a change first waits, not with the first page, and with
// the `pages` message catalogue their words are in (decision 059).
const loadChangeDescribers = withCatalogue(() =>
  import("./-components/change-describers").then((m) => m.CHANGE_DESCRIBERS),
);

const BICYCLE_HOME_PATHS = new Set(["/", "/huge-home"]);

function RootLayout() {
  const { t } = useLingui();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // On the server, a personal page is its frame only (entry-server.tsx).
  const frame = useContext(ServerRenderContext)?.frame;
  useEffect(() => {
    // Saved offline packs older than a day are saved again in the background, after the first screen.
    const timer = setTimeout(() => {
      if (isOnline() && typeof caches !== "undefined")
        void import("@/features/offline-packs/utils/refresh-packs").then(
          (m) => m.refreshStalePacks(),
          () => undefined, // tried again at the next start
        );
    }, 5000);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="root">
      <a className="skip-link" href="#main">
        {t`Skip to content`}
      </a>
      <ChangeQueueProvider loadDescribers={loadChangeDescribers}>
        <Header actions={<HeaderActions />} />
        <OfflineStatus />
      </ChangeQueueProvider>
      <main className="root__main" id="main" tabIndex={-1}>
        {frame ? (
          <PersonalFrame title={frame.title} />
        ) : (
          <Deferred>
            <Outlet />
          </Deferred>
        )}
      </main>
      <Deferred>
        {/* Its own boundary: a server-rendered footer hydrates after the page, in tasks of its own. */}
        <Suspense fallback={null}>
          <Footer canSubscribe={!BICYCLE_HOME_PATHS.has(pathname)} />
        </Suspense>
      </Deferred>
    </div>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  // The categories of the menu and the footer, so that the server renders them with the page.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(categoryQueries.descendants(ROOT_CATEGORY_ID, context.locale()));
  },
  component: RootLayout,
  notFoundComponent: NotFound,
});
