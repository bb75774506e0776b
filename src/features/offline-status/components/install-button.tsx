import { useEffect, useState, useSyncExternalStore } from "react";
import { useLingui } from "@lingui/react/macro";
import { InstallDesktopIcon } from "@/components/ui/icons";
import "./offline-action.css";

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

/**
 * Safari on an iPhone or iPad, outside the installed app: it never fires `beforeinstallprompt`; the shop is
 * installed from the Share menu (an iPad reports itself as a Mac with a touch screen).
 */
function installsFromShareMenu(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  const ios =
    /iPad|iPhone|iPod/.test(nav.userAgent) || (nav.platform === "MacIntel" && nav.maxTouchPoints > 1);
  return ios && nav.standalone !== true && !matchMedia("(display-mode: standalone)").matches;
}

const neverChanges = () => () => {};

/**
 * 'Install app', shown where the browser offers installation (`beforeinstallprompt`), and on iOS, where it
 * opens the steps to add the shop to the Home Screen (issue 39 item 3).
 */
export function InstallButton() {
  const { t } = useLingui();
  const [event, setEvent] = useState<BeforeInstallPromptEvent | null>(null);
  // The server's page (and so its hydration) has no button; the browser's next render adds it.
  const shareMenu = useSyncExternalStore(neverChanges, installsFromShareMenu, () => false);
  const [steps, setSteps] = useState(false);

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

  if (!event && shareMenu)
    return (
      <span className="offline-action__wrap">
        <button
          type="button"
          className="ui-btn ui-btn--inherit ui-btn--small offline-action"
          aria-expanded={steps}
          aria-controls="install-steps"
          onClick={() => setSteps((open) => !open)}
        >
          <InstallDesktopIcon fontSize="inherit" className="offline-action__icon" />
          <span className="offline-action__label">{t`Install app`}</span>
        </button>
        {steps && (
          <span id="install-steps" role="note" className="offline-action__steps">
            {t`To install the shop, tap Share, then Add to Home Screen. The installed app keeps its own saved pages and cart: open it once while online.`}
          </span>
        )}
      </span>
    );
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
