/*
 * Whether the persisted query cache is back (persist-provider.tsx). A route loader that would wait on the
 * network for data the device may hold waits for the restore first (at most 3 s): on a reload under a weak
 * signal the saved copy then opens the page, and the read goes on behind it (slow-reads.ts), instead of the
 * page's spinner waiting on the network (issue 18 item 6).
 */
/** A navigation waits at most this long for the saved copy before it waits on the network alone. */
export const NAVIGATION_WAIT_MS = 3000;

let restored = false;
let resolveRestored: () => void = () => undefined;
const restoredPromise = new Promise<void>((resolve) => (resolveRestored = resolve));

/** The persisted cache is back (or there was none, or it could not be read). */
export function markCacheRestored(): void {
  restored = true;
  resolveRestored();
}

/** Resolves once the persisted cache is back, after `capMs` at most; at once on the server. */
export function whenCacheRestored(capMs = NAVIGATION_WAIT_MS): Promise<void> {
  if (restored || typeof window === "undefined") return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, capMs);
    void restoredPromise.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
