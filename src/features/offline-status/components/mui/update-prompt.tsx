import { useEffect, useState } from "react";
import Button from "@mui/material/Button";
import Snackbar from "@mui/material/Snackbar";
import { useRouterState } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { appPersister } from "@/offline/cache/persister";
import { pageServiceWorker } from "@/offline/cache/register-sw";
import { useWaitingChanges } from "@/features/offline-status/hooks/use-waiting-changes";

/**
 * 'A new version is available' (loaded once a new version waits): never shown on checkout, and the reload
 * waits until the outbox is empty.
 */
export function UpdatePrompt() {
  const { t } = useLingui();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const waiting = useWaitingChanges();
  const [requested, setRequested] = useState(false);
  const onCheckout = pathname.startsWith("/checkout");

  useEffect(() => {
    // The shopper asked for the new version: load it once nothing waits to be sent (and not mid-checkout).
    if (requested && waiting === 0 && !onCheckout)
      void appPersister.flush().finally(pageServiceWorker.applyUpdate);
  }, [requested, waiting, onCheckout]);

  return (
    <Snackbar
      open={!onCheckout}
      anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
      message={
        <span data-testid="update-prompt" data-state={requested ? "requested" : "offered"}>
          {requested && waiting > 0
            ? t`The new version will load as soon as your changes are synced.`
            : t`A new version is available`}
        </span>
      }
      action={
        !requested && (
          <Button color="inherit" size="small" data-testid="update-reload" onClick={() => setRequested(true)}>
            {t`Reload`}
          </Button>
        )
      }
    />
  );
}
