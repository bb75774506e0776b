import { useState, type ReactNode } from "react";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { I18nProvider } from "@lingui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type AnyRouter,
} from "@tanstack/react-router";
import { render, screen } from "@testing-library/react";
import { ApiStateContext, createApiState } from "@/api/api-state";
import { createAppRouter } from "@/app/router";
import { ToastHost } from "@/components/feedback/toast-host";
import { theme } from "@/components/mui/theme";
import { activateLocale, i18n, loadCatalogue } from "@/i18n/i18n";
import type { Locale } from "@/i18n/locale";
import type { RouterContext } from "@/routes/root";

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

function Providers({ queryClient, router }: { queryClient: QueryClient; router: AnyRouter }) {
  // One app instance's api state, as app/providers.tsx gives it.
  const [api] = useState(createApiState);
  return (
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <ApiStateContext value={api}>
            <RouterProvider router={router} />
            <ToastHost />
          </ApiStateContext>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nProvider>
  );
}

interface RenderOptions {
  /** The address the memory router starts at. */
  path?: string;
  locale?: Locale;
  queryClient?: QueryClient;
}

/** Renders one component inside the app's providers and a memory-history router (any path renders it). */
export async function renderWithProviders(
  ui: ReactNode,
  { path = "/", locale = "en", queryClient }: RenderOptions = {},
) {
  await activateLocale(locale);
  // The component is drawn without the lazy page or popup that would load the `pages` catalogue with it.
  await loadCatalogue("pages");
  const client = queryClient ?? createTestQueryClient();
  const rootRoute = createRootRouteWithContext<RouterContext>()({ component: () => <Outlet /> });
  const index = createRoute({ getParentRoute: () => rootRoute, path: "/", component: () => <>{ui}</> });
  const splat = createRoute({ getParentRoute: () => rootRoute, path: "$", component: () => <>{ui}</> });
  const router = createRouter({
    routeTree: rootRoute.addChildren([index, splat]),
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient: client, locale: () => "en" as const },
  });
  const result = render(<Providers queryClient={client} router={router} />);
  await screen.findByText((_, el) => el?.tagName === "BODY");
  return { ...result, router, queryClient: client };
}

/** Renders the whole app (header, footer, real routes) at `path`. */
export async function renderApp({ path = "/", locale = "en", queryClient }: RenderOptions = {}) {
  await activateLocale(locale);
  const client = queryClient ?? createTestQueryClient();
  const router = createAppRouter(client, createMemoryHistory({ initialEntries: [path] }));
  const result = render(<Providers queryClient={client} router={router} />);
  return { ...result, router, queryClient: client };
}
