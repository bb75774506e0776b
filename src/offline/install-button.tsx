import { useEffect, useState } from "react";
import Button from "@mui/material/Button";
import InstallDesktopIcon from "@mui/icons-material/InstallDesktop";
import { useLingui } from "@lingui/react/macro";

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

/** 'Install app', shown only where the browser offers installation (`beforeinstallprompt`). */
export function InstallButton() {
  const { t } = useLingui();
  const [event, setEvent] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setEvent(e as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setEvent(null);
    window.addEventListener("beforeinstallprompt", onPrompt);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      window.removeEventListener("beforeinstallprompt", onPrompt);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);

  if (!event) return null;
  return (
    <Button
      size="small"
      color="inherit"
      startIcon={<InstallDesktopIcon />}
      onClick={() => {
        void event.prompt();
        void event.userChoice.finally(() => setEvent(null));
      }}
    >
      {t`Install app`}
    </Button>
  );
}
