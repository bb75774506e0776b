import { useState } from "react";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { I18nProvider } from "@lingui/react";
import { PersistQueryClientProvider } from "@tanstack/react-query-persist-client";
import { RouterProvider } from "@tanstack/react-router";
import { SnackbarProvider } from "notistack";
import { i18n } from "@/i18n/i18n";
import { registerMutationDefaults } from "@/offline/mutation-defaults";
import { createIdbPersister, PERSIST_BUSTER, PERSIST_MAX_AGE } from "@/offline/persister";
import { createQueryClient } from "./query-client";
import { createAppRouter } from "./router";
import { theme } from "./theme";

const persister = createIdbPersister();

export function AppProviders() {
  const [queryClient] = useState(() => registerMutationDefaults(createQueryClient()));
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <PersistQueryClientProvider
          client={queryClient}
          persistOptions={{ persister, buster: PERSIST_BUSTER, maxAge: PERSIST_MAX_AGE }}
          onSuccess={() => void queryClient.resumePausedMutations()}
        >
          <SnackbarProvider maxSnack={4} anchorOrigin={{ vertical: "bottom", horizontal: "left" }}>
            <RouterProvider router={router} />
          </SnackbarProvider>
        </PersistQueryClientProvider>
      </ThemeProvider>
    </I18nProvider>
  );
}
