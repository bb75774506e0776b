/*
 * Liveness for the outbox's Web Lock (issue 39 item 3). A tab that is frozen while it sends (WebKit freezes a
 * tab put in the background, Chromium a tab it discards or a phone sleeps) keeps holding the lock, and without
 * this every other tab (and the service worker) would wait for it forever. So whoever holds the lock says it
 * is alive on a BroadcastChannel every few seconds, and whoever waits for the lock and hears nothing for a
 * while takes it over (`steal`). Taking it over never sends a change twice: every waiting change carries its
 * Idempotency-Key, which the server applies once, and a frozen holder that wakes finds the changes the new
 * holder sent marked done. Shared with the service worker (which holds the lock for Background Sync), so no
 * alias imports here.
 */

/** How often a holder says it is alive. */
export const LEASE_HEARTBEAT_MS = 5_000;
/**
 * How long a waiter hears nothing before it takes the lock: well above the heartbeat, also above the once-per
 * -second timers of a background tab; a holder whose timers are throttled further (Chromium's once a minute
 * after five hidden minutes) may lose the lock to a waiter, which costs a resend the server ignores.
 */
export const LEASE_STALE_MS = 45_000;

interface Beat {
  type: "alive";
  at: number;
}

const channelName = (lock: string) => `${lock}-lease`;
const openChannel = (lock: string): BroadcastChannel | null =>
  typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(channelName(lock));

/** Runs the task while saying, every heartbeat, that the lock's holder is alive. */
export async function holdingLease<T>(
  lock: string,
  task: () => Promise<T>,
  heartbeatMs = LEASE_HEARTBEAT_MS,
): Promise<T> {
  const channel = openChannel(lock);
  const beat = () => {
    try {
      channel?.postMessage({ type: "alive", at: Date.now() } satisfies Beat);
    } catch {
      // a closed channel: nothing to tell
    }
  };
  beat();
  const timer = setInterval(beat, heartbeatMs);
  try {
    return await task();
  } finally {
    clearInterval(timer);
    channel?.close();
  }
}

export interface LeaseWatch {
  stop(): void;
}

/**
 * Watches the lock's holder while this side waits: `onSilent` runs once when no holder said it is alive for
 * `staleMs` since the watch began or since the last heartbeat. A short random wait and a second look come
 * first, so that of several waiters the first to take the lock over is heard by the others, which keep
 * waiting.
 */
export function watchLease(
  lock: string,
  onSilent: () => void,
  { staleMs = LEASE_STALE_MS, checkMs = LEASE_HEARTBEAT_MS, jitterMs = 2_000 } = {},
): LeaseWatch {
  const channel = openChannel(lock);
  let heard = Date.now();
  let stopped = false;
  if (channel) channel.onmessage = () => void (heard = Date.now());
  const check = () => {
    if (stopped || Date.now() - heard < staleMs) return;
    clearInterval(timer);
    setTimeout(() => {
      if (stopped) return;
      if (Date.now() - heard < staleMs) {
        timer = setInterval(check, checkMs);
        return;
      }
      stop();
      onSilent();
    }, Math.random() * jitterMs);
  };
  let timer = setInterval(check, checkMs);
  const stop = () => {
    stopped = true;
    clearInterval(timer);
    channel?.close();
  };
  return { stop };
}

/**
 * Runs `task` holding the Web Lock `name` (`locks`: the page's or the worker's), once it is free or once its
 * holder has been silent too long (then taken over). Resolves when the task is done, also when another waiter
 * took the lock over from this one meanwhile (the task is not interrupted; what it sends is sent once).
 */
export async function requestWithLiveness(
  locks: LockManager,
  name: string,
  task: () => Promise<void>,
  options: { staleMs?: number; checkMs?: number; heartbeatMs?: number; jitterMs?: number } = {},
): Promise<void> {
  let running: Promise<void> | undefined;
  const waiting = new AbortController();
  const watch = watchLease(name, () => waiting.abort(), options);
  const run = () => {
    watch.stop();
    running = holdingLease(name, task, options.heartbeatMs);
    return running;
  };
  try {
    await locks.request(name, { signal: waiting.signal }, run);
  } catch (error) {
    watch.stop();
    // The task failed (its own error again), or the lock was taken over from this side while the task ran:
    // the task goes on to its end.
    if (running) return await running;
    if (!waiting.signal.aborted) throw error;
    // The holder is silent: take the lock over.
    await locks.request(name, { steal: true }, run).catch(async (stolen: unknown) => {
      if (running) return await running;
      throw stolen;
    });
  }
}
