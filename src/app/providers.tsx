import { useEffect, useState } from "react";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { I18nProvider } from "@lingui/react";
import { PersistQueryClientProvider } from "@tanstack/react-query-persist-client";
import { RouterProvider } from "@tanstack/react-router";
import { LazyToastHost } from "@/components/feedback/lazy-toast-host";
import { i18n } from "@/i18n/i18n";
import { registerMutationDefaults } from "@/offline/mutation-defaults";
import { createOutbox, setCurrentOutbox } from "@/offline/outbox";
import { appPersister, dehydrateOptions, PERSIST_BUSTER, PERSIST_MAX_AGE } from "@/offline/persister";
import { installChunkLoadRecovery, registerServiceWorker } from "@/offline/register-sw";
import { createQueryClient } from "./query-client";
import { createAppRouter } from "./router";
import { theme } from "./theme";

export function AppProviders() {
  // Mutation defaults first: restored paused writes need their functions before they are resumed.
  const [queryClient] = useState(() => registerMutationDefaults(createQueryClient()));
  const [outbox] = useState(() => {
    const o = createOutbox(queryClient);
    setCurrentOutbox(o);
    return o;
  });
  const [router] = useState(() => createAppRouter(queryClient));

  useEffect(() => {
    registerServiceWorker();
    return installChunkLoadRecovery(() => appPersister.flush());
  }, []);

  return (
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <PersistQueryClientProvider
          client={queryClient}
          persistOptions={{
            persister: appPersister,
            buster: PERSIST_BUSTER,
            maxAge: PERSIST_MAX_AGE,
            dehydrateOptions,
          }}
          // App start: whatever waited in the outbox is replayed (by one tab) once the cache is back.
          onSuccess={() => void outbox.replay()}
        >
          <RouterProvider router={router} />
          <LazyToastHost />
        </PersistQueryClientProvider>
      </ThemeProvider>
    </I18nProvider>
  );
}
