import { Suspense, useContext, useEffect } from "react";
import Box from "@mui/material/Box";
import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet, useRouterState } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { categoryQueries, ROOT_CATEGORY_ID } from "@/api/categories";
import { Deferred } from "@/components/deferred";
import { NotFound } from "@/components/feedback/not-found";
import { PersonalFrame } from "@/components/layout/personal-frame";
import { Footer } from "@/features/shell/components/footer";
import { Header } from "@/features/shell/components/header";
import { ChangeQueueProvider } from "@/offline/change-queue-context";
import { OfflineStatus } from "@/offline/offline-status";
import { ServerRenderContext } from "@/utils/server-html";
import { CHANGE_DESCRIBERS } from "./-components/change-describers";
import { HeaderActions } from "./-components/header-actions";

export interface RouterContext {
  queryClient: QueryClient;
}

const BICYCLE_HOME_PATHS = new Set(["/", "/huge-home"]);

function RootLayout() {
  const { t } = useLingui();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // On the server, a personal page is its frame only (entry-server.tsx).
  const frame = useContext(ServerRenderContext)?.frame;
  useEffect(() => {
    // Saved offline packs older than a day are saved again in the background, after the first screen.
    const timer = setTimeout(() => {
      if (navigator.onLine && typeof caches !== "undefined")
        void import("@/features/offline-packs/utils/refresh-packs").then((m) => m.refreshStalePacks());
    }, 5000);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
      <a className="skip-link" href="#main">
        {t`Skip to content`}
      </a>
      <ChangeQueueProvider describers={CHANGE_DESCRIBERS}>
        <Header actions={<HeaderActions />} />
        <OfflineStatus />
      </ChangeQueueProvider>
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: "none", minHeight: "100vh" }}>
        {frame ? (
          <PersonalFrame title={frame.title} />
        ) : (
          <Deferred>
            <Outlet />
          </Deferred>
        )}
      </Box>
      <Deferred>
        {/* Its own boundary: a server-rendered footer hydrates after the page, in tasks of its own. */}
        <Suspense fallback={null}>
          <Footer canSubscribe={!BICYCLE_HOME_PATHS.has(pathname)} />
        </Suspense>
      </Deferred>
    </Box>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  // The categories of the menu and the footer, so that the server renders them with the page.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(categoryQueries.descendants(ROOT_CATEGORY_ID));
  },
  component: RootLayout,
  notFoundComponent: NotFound,
});
