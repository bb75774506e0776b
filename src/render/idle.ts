/**
 * Runs `fn` when the main thread is idle, at the latest after `timeoutMs`; where the browser has no
 * requestIdleCallback (Safari), after `fallbackMs`. Returns a function that cancels it.
 */
export function whenIdle(fn: () => void, timeoutMs: number, fallbackMs: number): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(fn, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, fallbackMs);
  return () => window.clearTimeout(id);
}

/** Runs `fn` once the page's load event has fired (at once when it has). Returns a function that cancels it. */
export function afterLoad(fn: () => void): () => void {
  if (document.readyState === "complete") {
    fn();
    return () => undefined;
  }
  window.addEventListener("load", fn, { once: true });
  return () => window.removeEventListener("load", fn);
}
