/*
 * Whether the persisted query cache is back (persist-provider.tsx). A route loader that would wait on the
 * network for data the device may hold waits for the restore first (at most 3 s): on a reload under a weak
 * signal the saved copy then opens the page, and the read goes on behind it (slow-reads.ts), instead of the
 * page's spinner waiting on the network (issue 18 item 6).
 */
/** A navigation waits at most this long for the saved copy before it waits on the network alone. */
export const NAVIGATION_WAIT_MS = 3000;

/** The restore of a persisted cache, as those who wait for it see it. */
export interface CacheRestore {
  /** The persisted cache is back (or there was none, or it could not be read). */
  markRestored(): void;
  /** Resolves once the persisted cache is back, after `capMs` at most; at once on the server. */
  whenRestored(capMs?: number): Promise<void>;
  /** Back to "not restored" (tests). */
  reset(): void;
}

export function createCacheRestore(): CacheRestore {
  let restored = false;
  let resolveRestored: () => void = () => undefined;
  let restoredPromise = new Promise<void>((resolve) => (resolveRestored = resolve));
  return {
    markRestored() {
      restored = true;
      resolveRestored();
    },
    whenRestored(capMs = NAVIGATION_WAIT_MS) {
      if (restored || typeof window === "undefined") return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, capMs);
        void restoredPromise.then(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    reset() {
      restored = false;
      restoredPromise = new Promise<void>((resolve) => (resolveRestored = resolve));
    },
  };
}

/**
 * The page's one: a page restores its persisted cache once (one IndexedDB copy per origin, appPersister), and
 * the route loaders that wait for it are the page's, whichever app instance runs them; on the server it is
 * never waited for.
 */
export const cacheRestore: CacheRestore = createCacheRestore();
