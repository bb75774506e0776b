/*
 * Service worker registration through workbox-window, in prompt mode: a new version waits until the shopper
 * chooses Reload (update-prompt.tsx). The page never reloads by itself while changes wait in the outbox or
 * during checkout; the one exception is a failed dynamic chunk load (a route's code of an older build that
 * is gone), recovered by reloading once, after the outbox has been written to IndexedDB.
 */
import type { Workbox } from "workbox-window";
import { afterLoad } from "@/render/idle";
import { isLeaving, watchLeaving } from "@/render/leaving";
import { isOnline } from "@/offline/signal/online-signal";

type Listener = () => void;

/** The page's service worker as the app sees it: its registration, and a new version waiting for the shopper. */
export interface PageServiceWorker {
  /** Registers the service worker once the page has loaded (workbox-window is loaded then, not with the page). */
  register(): void;
  subscribe(listener: Listener): () => void;
  /** True when a new version has been installed and waits for the shopper's Reload. */
  isUpdateWaiting(): boolean;
  /**
   * Activates the waiting version and reloads the page once, when a worker controls it and has finished
   * activating (called after the outbox is saved; later calls do nothing). Not on workbox's `controlling`
   * event: it fires on every controller change, also for versions the page never asked for, and Chromium 150
   * lets a navigation that starts while the new worker is still activating install yet another copy of the
   * same sw.js, which takes over (another change) — reloading on each change aborted each reload with the
   * next, a loop that never loaded the page. Waiting for `activated` keeps the reload's navigation from racing
   * the activation, and the page reloads at most once whatever the browser does.
   */
  applyUpdate(): void;
}

export function createPageServiceWorker(): PageServiceWorker {
  let workbox: Workbox | null = null;
  let updateWaiting = false;
  let registering = false;
  let updateApplied = false;
  const listeners = new Set<Listener>();
  const notify = () => listeners.forEach((l) => l());

  return {
    register() {
      if (
        registering ||
        import.meta.env.DEV ||
        typeof navigator === "undefined" ||
        !("serviceWorker" in navigator)
      )
        return;
      registering = true;
      const start = () =>
        void import("workbox-window")
          .then(({ Workbox }) => {
            const wb = new Workbox("/sw.js", { scope: "/" });
            workbox = wb;
            wb.addEventListener("waiting", () => {
              updateWaiting = true;
              notify();
            });
            // A long-open showroom tab looks for a new version every hour.
            setInterval(() => void wb.update().catch(() => undefined), 60 * 60 * 1000);
            return wb.register();
          })
          .catch((error: unknown) => console.warn("Service worker registration failed", error));
      afterLoad(start);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isUpdateWaiting: () => updateWaiting,
    applyUpdate() {
      if (!workbox || !updateWaiting || updateApplied) return;
      updateApplied = true;
      const container = navigator.serviceWorker;
      let reloaded = false;
      const reloadWhenActivated = () => {
        const controller = container.controller;
        if (reloaded || !controller) return;
        if (controller.state !== "activated") {
          controller.addEventListener("statechange", reloadWhenActivated, { once: true });
          return;
        }
        reloaded = true;
        container.removeEventListener("controllerchange", reloadWhenActivated);
        window.location.reload();
      };
      container.addEventListener("controllerchange", reloadWhenActivated);
      workbox.messageSkipWaiting();
    },
  };
}

/**
 * The page's one: the browser keeps one worker registration per scope, and the app's start (which registers
 * it), the offline banner (which says a version waits) and the update prompt (which applies it) all speak of
 * that one. Its methods need no `this`, so they can be handed around (useSyncExternalStore).
 */
export const pageServiceWorker: PageServiceWorker = createPageServiceWorker();

const CHUNK_RELOAD_KEY = "chunk-reload-at";

/**
 * Whether the code that failed to load is really gone from the server (a newer build replaced it), asked
 * of the server, past every cache: the chunk itself when the error names it (Chromium, Firefox), else
 * whether the shop's page now loads another entry script than this page's (WebKit names no address).
 * A failure to ask (no connection) is not "gone".
 */
export async function chunkIsGone(error: unknown): Promise<boolean> {
  const path = /\/assets\/[^\s"'()]+\.(?:m?js|css)\b/.exec(String(error))?.[0];
  const entry = document.querySelector("script[type=module][src]")?.getAttribute("src");
  try {
    if (path) return [404, 410].includes((await fetch(path, { method: "HEAD", cache: "no-store" })).status);
    const page = await fetch("/", { cache: "no-store" });
    return page.ok && !!entry && !(await page.text()).includes(entry);
  } catch {
    return false;
  }
}

/**
 * Reloads once when a route's code cannot be loaded because this page's build is gone from the server (a
 * new version was deployed: `isGone`); `beforeReload` saves the outbox. Firefox and WebKit reject the imports
 * still under way when a navigation starts (a typed address, a bookmark, a full-page link): nothing is
 * asked or reloaded while the page is being left (render/leaving.ts), and their chunks are still on the
 * server anyway, so the shopper is not put back on the page they were leaving. Never offline, nor when the chunk is still there (a connection that failed for a moment): the
 * failure is left to the route's error view.
 */
export function installChunkLoadRecovery(
  beforeReload: () => Promise<void>,
  isGone: (error: unknown) => Promise<boolean> = chunkIsGone,
  reload: () => void = () => window.location.reload(),
): () => void {
  watchLeaving();
  const onPreloadError = async (event: Event) => {
    let last = 0;
    try {
      last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
    } catch {
      return;
    }
    // Offline, the chunk is missing because the network is, not because the build changed: a reload would
    // only trade the page for the browser's error page.
    if (Date.now() - last < 60_000 || !isOnline() || isLeaving()) return;
    if (!(await isGone((event as Event & { payload?: unknown }).payload))) return;
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    await beforeReload().catch(() => undefined);
    reload();
  };
  window.addEventListener("vite:preloadError", onPreloadError);
  return () => window.removeEventListener("vite:preloadError", onPreloadError);
}
