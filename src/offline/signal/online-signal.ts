/*
 * Whether the shop can be reached, as the app believes it (issue 39 item 3, decision 055): the browser's
 * `navigator.onLine`, except that a `false` is not taken on trust once the shop has answered. WebKit (an iPhone,
 * above all an installed app) can report `false` after waking with nothing to say it is online again: no
 * `online` event comes, the offline banner stays, and the waiting changes are never sent.
 *  - When the page wakes (`visibilitychange` to visible, `pageshow`, `resume`) or the app starts while the browser
 *    says offline, one real request asks the server (online-probe.ts); any reply means it can be reached.
 *  - Once the browser has said offline, a reply to an API request no cache answers (a write, a personal read)
 *    says the same, and such a request failing for want of a network takes it back (online-probe.ts).
 *  - The browser's own `online` and `offline` events are believed as they come.
 * Nothing waits for the probe: links, reads and writes go on as they would; the answer only changes what the
 * banners say and when the waiting changes are sent (TanStack's online manager follows it). The probe's code
 * loads only once the browser has said offline.
 */
import { onlineManager } from "@tanstack/react-query";
import type { Probe } from "./online-probe";

let answered = false;
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

/**
 * The server answered (`true`), or a request that only it answers failed for want of a network (`false`).
 * Only a browser that says offline is corrected: while it says online, its word stands.
 */
function noteAnswer(reached: boolean): void {
  if (browserSaysOnline() || answered === reached) return;
  answered = reached;
  listeners.forEach((l) => l());
}

/**
 * Starts following the browser's events and the wakes, and makes TanStack's online manager follow `isOnline`
 * (it sends the paused writes when it turns online). `send` is the probe's fetch (tests). Returns the stop
 * function.
 */
export function startOnlineSignal(send?: typeof fetch): () => void {
  let probe: Promise<Probe> | null = null;
  const loadProbe = () => (probe ??= import("./online-probe").then((m) => m.startProbe(noteAnswer, send)));
  const onBrowserEvent = () => {
    // The browser's word, whichever it is, starts anew.
    answered = false;
    listeners.forEach((l) => l());
    if (!browserSaysOnline()) void loadProbe().catch(() => (probe = null));
  };
  const onWake = () => {
    if (document.visibilityState === "visible" && !isOnline())
      void loadProbe().then(
        (p) => (isOnline() ? undefined : p.ask()),
        () => (probe = null),
      );
  };
  const listening = new AbortController();
  const options = { signal: listening.signal };
  window.addEventListener("online", onBrowserEvent, options);
  window.addEventListener("offline", onBrowserEvent, options);
  window.addEventListener("pageshow", onWake, options);
  document.addEventListener("visibilitychange", onWake, options);
  document.addEventListener("resume", onWake, options);
  onlineManager.setEventListener((setOnline) => {
    setOnline(isOnline());
    return subscribeOnline(() => setOnline(isOnline()));
  });
  onWake();
  return () => {
    listening.abort();
    void probe?.then((p) => p.stop());
  };
}
