/*
 * Whether the shop can be reached, as the app believes it (issue 39 item 3, decision 055): the browser's
 * `navigator.onLine`, except that a `false` is not taken on trust once the shop has answered. WebKit (an iPhone,
 * above all an installed app) can report `false` after waking with nothing to say it is online again: no
 * `online` event comes, the offline banner stays, and the waiting changes are never sent.
 *  - When the page wakes (`visibilitychange` to visible, `pageshow`, `resume`) or the app starts while the browser
 *    says offline, one real request (`HEAD /healthz`, which no cache of the service worker answers) asks; any
 *    reply means the shop can be reached.
 *  - A reply to an API request no cache answers (a write, a personal read: `answersUncached`) says the same;
 *    such a request that fails for want of a network while the browser says offline takes it back.
 *  - The browser's own `online` and `offline` events are believed as they come.
 * Nothing waits for the probe: links, reads and writes go on as they would; the answer only changes what the
 * banners say and when the waiting changes are sent (TanStack's online manager follows it).
 */
import { onlineManager } from "@tanstack/react-query";
import { API_ROOT, setApiTransport } from "@/api/client";
import { PERSONAL_PATHS } from "@/offline/shared/personal-requests";

/** Asked when the browser says offline at a wake: answered by the server, never by the service worker. */
export const PROBE_PATH = "/healthz";

let answered = false;
let probing: Promise<void> | null = null;
const listeners = new Set<() => void>();

const browserSaysOnline = () => typeof navigator === "undefined" || navigator.onLine;

/** True when the shop is believed to be reachable. */
export function isOnline(): boolean {
  return browserSaysOnline() || answered;
}

/** Calls `listener` when `isOnline()` may have changed; returns the unsubscribe function. */
export function subscribeOnline(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setAnswered(value: boolean): void {
  if (answered === value) return;
  const before = isOnline();
  answered = value;
  if (isOnline() !== before) listeners.forEach((l) => l());
}

/**
 * A request that no cache answers was answered (`true`), or failed for want of a network (`false`). Only a
 * browser that says offline is corrected: while it says online, its word stands.
 */
export function noteAnswer(reached: boolean): void {
  if (!browserSaysOnline()) setAnswered(reached);
}

/** Asks the server once when the browser says offline (one probe at a time); resolves when it is known. */
export function probeIfOffline(send: typeof fetch = (...args) => fetch(...args)): Promise<void> {
  if (isOnline()) return Promise.resolve();
  probing ??= send(PROBE_PATH, { method: "HEAD", cache: "no-store" })
    .then(
      () => noteAnswer(true),
      () => undefined,
    )
    .finally(() => (probing = null));
  return probing;
}

/** Whether the service worker never answers this API request from a cache (sw/routes.ts): its reply is the server's. */
function isUncached(url: string, init: RequestInit): boolean {
  if ((init.method ?? "GET") !== "GET" || new Headers(init.headers).has("Authorization")) return true;
  const path = new URL(url, location.href).pathname;
  const root = new URL(`${API_ROOT}/`, location.href).pathname;
  return path.startsWith(root) && PERSONAL_PATHS.test(path.slice(root.length));
}

/** The API client's transport, telling the signal what the requests no cache answers found (see the top). */
export function answersUncached(
  send: (url: string, init: RequestInit) => Promise<Response>,
): (url: string, init: RequestInit) => Promise<Response> {
  return async (url, init) => {
    const uncached = isUncached(url, init);
    try {
      const reply = await send(url, init);
      if (uncached) noteAnswer(true);
      return reply;
    } catch (error) {
      if (uncached && !init.signal?.aborted) noteAnswer(false);
      throw error;
    }
  };
}

/**
 * Starts following the browser's events and the wakes, and makes TanStack's online manager follow `isOnline`
 * (it sends the paused writes when it turns online). Returns the stop function.
 */
export function startOnlineSignal(send?: typeof fetch): () => void {
  const onBrowserEvent = () => {
    // The browser's word, whichever it is, starts anew.
    answered = false;
    listeners.forEach((l) => l());
  };
  const onWake = () => {
    if (document.visibilityState === "visible") void probeIfOffline(send);
  };
  window.addEventListener("online", onBrowserEvent);
  window.addEventListener("offline", onBrowserEvent);
  window.addEventListener("pageshow", onWake);
  document.addEventListener("visibilitychange", onWake);
  document.addEventListener("resume", onWake);
  setApiTransport(answersUncached((url, init) => fetch(url, init)));
  onlineManager.setEventListener((setOnline) => {
    setOnline(isOnline());
    return subscribeOnline(() => setOnline(isOnline()));
  });
  onWake();
  return () => {
    setApiTransport((url, init) => fetch(url, init));
    window.removeEventListener("online", onBrowserEvent);
    window.removeEventListener("offline", onBrowserEvent);
    window.removeEventListener("pageshow", onWake);
    document.removeEventListener("visibilitychange", onWake);
    document.removeEventListener("resume", onWake);
  };
}
