import { useEffect, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { InstallDesktopIcon } from "@/components/ui/icons";
import "./offline-action.css";

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
    <button
      type="button"
      className="ui-btn ui-btn--inherit ui-btn--small offline-action"
      onClick={() => {
        void event.prompt();
        void event.userChoice.finally(() => setEvent(null));
      }}
    >
      <InstallDesktopIcon fontSize="inherit" className="offline-action__icon" />
      <span className="offline-action__label">{t`Install app`}</span>
    </button>
  );
}
