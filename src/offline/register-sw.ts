/*
 * Service worker registration through workbox-window, in prompt mode: a new version waits until the shopper
 * chooses Reload (update-prompt.tsx). The page never reloads by itself while changes wait in the outbox or
 * during checkout; the one exception is a failed dynamic chunk load (a route's code of an older build that
 * is gone), recovered by reloading once, after the outbox has been written to IndexedDB.
 */
import type { Workbox } from "workbox-window";
import { afterLoad } from "@/utils/idle";

type Listener = () => void;

let workbox: Workbox | null = null;
let updateWaiting = false;
const listeners = new Set<Listener>();

const notify = () => listeners.forEach((l) => l());

export function subscribeUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True when a new version has been installed and waits for the shopper's Reload. */
export function isUpdateWaiting(): boolean {
  return updateWaiting;
}

let registering = false;

/** Registers the service worker once the page has loaded (workbox-window is loaded then, not with the page). */
export function registerServiceWorker(): void {
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
}

let updateApplied = false;

/**
 * Activates the waiting version and reloads the page once, when a worker controls it and has finished
 * activating (called after the outbox is saved; later calls do nothing). Not on workbox's `controlling`
 * event: it fires on every controller change, also for versions the page never asked for, and Chromium 150
 * lets a navigation that starts while the new worker is still activating install yet another copy of the same
 * sw.js, which takes over (another change) — reloading on each change aborted each reload with the next, a
 * loop that never loaded the page. Waiting for `activated` keeps the reload's navigation from racing the
 * activation, and the page reloads at most once whatever the browser does.
 */
export function applyUpdate(): void {
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
}

const CHUNK_RELOAD_KEY = "chunk-reload-at";

/** The address of the script or style sheet a failed import or preload names in its message, if any. */
export function failedChunkUrl(error: unknown, origin: string): string | null {
  const message = error instanceof Error ? error.message : String(error);
  const found = /(?:https?:\/\/[^\s"']+|\/[^\s"']*assets\/[^\s"']+)\.(?:m?js|css)\b/.exec(message);
  if (!found) return null;
  try {
    const url = new URL(found[0], origin);
    return url.origin === origin ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Whether the code that failed to load is really gone from the server (a newer build replaced it), asked
 * of the server, past every cache: the chunk itself when the error names it (Chromium, Firefox), else
 * whether the shop's page now loads another entry script than this page's (WebKit names no address).
 * A failure to ask (no connection) is not "gone".
 */
export async function chunkIsGone(error: unknown): Promise<boolean> {
  const origin = window.location.origin;
  const url = failedChunkUrl(error, origin);
  try {
    if (url) {
      const res = await fetch(url, { method: "HEAD", cache: "no-store", credentials: "omit" });
      return res.status === 404 || res.status === 410;
    }
    const entry = (
      document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? ""
    ).replace(origin, "");
    if (!entry) return true;
    const page = await fetch(`${origin}/`, { cache: "no-store", credentials: "omit" });
    if (!page.ok) return false;
    return !(await page.text()).includes(entry);
  } catch {
    return false;
  }
}

/**
 * Reloads once when a route's code cannot be loaded because this page's build is gone from the server (a
 * new version was deployed: `isGone`); `beforeReload` saves the outbox. Firefox and WebKit reject the imports
 * still under way when a navigation starts (a typed address, a bookmark, a full-page link): their chunks
 * are still on the server, so nothing reloads, and the shopper is not put back on the page they were
 * leaving (nor once the page is hidden). Never offline, nor when the chunk is still there (a connection
 * that failed for a moment): the failure is left to the route's error view. (No `beforeunload` listener:
 * it keeps a page out of Firefox's back-forward cache.)
 */
export function installChunkLoadRecovery(
  beforeReload: () => Promise<void>,
  isGone: (error: unknown) => Promise<boolean> = chunkIsGone,
  reload: () => void = () => window.location.reload(),
): () => void {
  let leaving = false;
  let deciding = false;
  const onLeave = () => (leaving = true);
  // Back on the page from the back-forward cache: it is shown again, not left.
  const onShow = () => (leaving = false);
  const onPreloadError = (event: Event) => {
    if (leaving || deciding) return;
    let last = 0;
    try {
      last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
    } catch {
      return;
    }
    if (Date.now() - last < 60_000) return;
    // Offline, the chunk is missing because the network is, not because the build changed: a reload would
    // only trade the page for the browser's error page.
    if (typeof navigator !== "undefined" && !navigator.onLine) return;
    deciding = true;
    void isGone((event as Event & { payload?: unknown }).payload)
      .then(async (gone) => {
        if (!gone || leaving) return;
        sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
        await beforeReload().catch(() => undefined);
        if (!leaving) reload();
      })
      .finally(() => (deciding = false));
  };
  window.addEventListener("pagehide", onLeave);
  window.addEventListener("pageshow", onShow);
  window.addEventListener("vite:preloadError", onPreloadError);
  return () => {
    window.removeEventListener("pagehide", onLeave);
    window.removeEventListener("pageshow", onShow);
    window.removeEventListener("vite:preloadError", onPreloadError);
  };
}
