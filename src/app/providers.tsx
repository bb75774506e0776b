import { useEffect } from "react";
import { I18nProvider } from "@lingui/react";
import type { QueryClient } from "@tanstack/react-query";
import { ApiStateContext, createApiState, type ApiState } from "@/api/api-state";
import { PersistQueryClientProvider } from "@/offline/cache/persist-provider";
import { RouterProvider, type RouterHistory } from "@tanstack/react-router";
import { LazyToastHost } from "@/components/feedback/lazy-toast-host";
import type { I18n } from "@lingui/core";
import { i18n as browserI18n } from "@/i18n/i18n";
import { registerMutationDefaults } from "@/offline/outbox/mutation-defaults";
import { OutboxContext, type OutboxPort } from "@/offline/outbox/outbox-context";
import { appPersister, dehydrateOptions, PERSIST_BUSTER, PERSIST_MAX_AGE } from "@/offline/cache/persister";
import { installChunkLoadRecovery, pageServiceWorker } from "@/offline/cache/register-sw";
import { offlineMutationDefaults } from "./mutation-defaults";
import { createServerHtmlFlag, ServerHtmlContext, type ServerHtmlFlag } from "@/render/first-page";
import { createQueryClient } from "./query-client";
import { createAppRouter } from "./router";

export interface AppServices {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
  /** The writes waiting for the connection (offline/outbox/outbox.ts, behind deferred-outbox.ts); the browser's only. */
  outbox?: OutboxPort;
  /** The language of this app instance: the browser's one, or one per server render (never shared by two). */
  i18n: I18n;
  /** What the api layer keeps between calls (the cart's replay, when the cached reads started): per instance. */
  api: ApiState;
  /** Whether the server's page is on screen (render/first-page.ts): always on the server, in the browser until the first navigation. */
  serverHtml: ServerHtmlFlag;
  /** Runs when the persisted cache is back (the browser replays its outbox then); absent on the server. */
  onCacheRestored?: () => void;
}

/** The query client and the router of one app instance (one per page load, or one per server render). */
export function createAppServices(history?: RouterHistory, i18n: I18n = browserI18n): AppServices {
  const api = createApiState();
  // Mutation defaults first: restored paused writes need their functions before they are resumed.
  const queryClient = registerMutationDefaults(createQueryClient(), offlineMutationDefaults(api));
  return {
    queryClient,
    router: createAppRouter(queryClient, history, i18n),
    i18n,
    api,
    serverHtml: createServerHtmlFlag(import.meta.env.SSR),
  };
}

/**
 * The whole app. The server renders the same tree (so the browser can hydrate it): the persisted cache is
 * still "restoring" in both, so queries show what the server put in the cache and fetch nothing yet.
 */
export function AppProviders({ services }: { services: AppServices }) {
  const { queryClient, router, onCacheRestored, outbox, i18n, api, serverHtml } = services;

  useEffect(() => {
    // The shell answers clicks from here on. On a server-rendered page the page's own part (a router Suspense
    // boundary) hydrates in a later background pass; the browser journeys also wait for that (tests/e2e/fixtures.ts).
    document.documentElement.dataset.hydrated = "";
    pageServiceWorker.register();
    return installChunkLoadRecovery(() => appPersister.flush());
  }, []);

  return (
    <I18nProvider i18n={i18n}>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={{
          persister: appPersister,
          buster: PERSIST_BUSTER,
          maxAge: PERSIST_MAX_AGE,
          dehydrateOptions,
        }}
        onSuccess={onCacheRestored}
      >
        <ApiStateContext value={api}>
          <ServerHtmlContext value={serverHtml}>
            <OutboxContext value={outbox}>
              <RouterProvider router={router} />
              <LazyToastHost />
            </OutboxContext>
          </ServerHtmlContext>
        </ApiStateContext>
      </PersistQueryClientProvider>
    </I18nProvider>
  );
}
