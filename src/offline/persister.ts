/*
 * The query cache persisted in IndexedDB (idb-keyval) so that what was browsed stays browsable offline, and
 * the outbox (waiting cart, wishlist, contact and newsletter writes) survives reloads and restarts.
 * - The buster is the app version: a new build starts from a clean cache instead of reading old shapes
 *   (the outbox is carried over, also past the max age: its variables are plain data the new build's
 *   mutation defaults replay).
 * - Personal queries (meta.personal: cart, wishlist, account, orders) are never written: they are refetched
 *   online, the local cart and device wishlist live in localStorage, and logout leaves nothing behind.
 * - A write that was in flight when the page died is stored as paused with failureCount 1: it is replayed
 *   with its Idempotency-Key (deduplicated by the server) and never coalesced away.
 * - QuotaExceededError: the write is retried with the outbox only, so the waiting changes are never lost.
 */
import type { PersistedClient, Persister } from "@tanstack/query-persist-client-core";
import type { DehydrateOptions } from "@tanstack/react-query";
import { del, get, set } from "idb-keyval";

export const PERSIST_KEY = "bicycle-shop-query-cache";
/** A week: catalogue pages seen on Monday still open in the showroom on Friday. */
export const PERSIST_MAX_AGE = 7 * 24 * 60 * 60 * 1000;
export const PERSIST_BUSTER = __APP_VERSION__;
/** Other changes are written at most this often; a new outbox change is written at once. */
const QUERY_WRITE_DELAY = 400;

type Meta = { personal?: unknown; offline?: unknown } | undefined;

export const dehydrateOptions: DehydrateOptions = {
  shouldDehydrateQuery: (q) => q.state.status === "success" && (q.meta as Meta)?.personal !== true,
  shouldDehydrateMutation: (m) => m.state.status === "pending" && (m.meta as Meta)?.offline === true,
};

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === "QuotaExceededError" || error.code === 22);
}

/** In-flight writes become paused ones that are known to maybe have reached the server. */
export function markInFlightAsPaused(client: PersistedClient): PersistedClient {
  const mutations = client.clientState.mutations.map((m) =>
    m.state.isPaused
      ? m
      : { ...m, state: { ...m.state, isPaused: true, failureCount: Math.max(1, m.state.failureCount) } },
  );
  return { ...client, clientState: { ...client.clientState, mutations } };
}

function outboxKeys(client: PersistedClient): string[] {
  return client.clientState.mutations.map((m) =>
    String((m.state.variables as { idempotencyKey?: unknown } | undefined)?.idempotencyKey),
  );
}

export function createIdbPersister(key: string = PERSIST_KEY): Persister & { flush(): Promise<void> } {
  let written = new Set<string>();
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function write(client: PersistedClient) {
    const value = markInFlightAsPaused(client);
    try {
      await set(key, value);
    } catch (error) {
      if (!isQuotaError(error)) {
        console.warn("Could not persist the query cache", error);
        return;
      }
      // Out of space: keep the outbox (small) and drop the browsing cache.
      try {
        await set(key, { ...value, clientState: { ...value.clientState, queries: [] } });
      } catch (again) {
        console.warn("Could not persist the outbox", again);
      }
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const client = pending;
    pending = null;
    if (client) writing = writing.then(() => write(client));
    return writing;
  }

  return {
    persistClient: (client: PersistedClient) => {
      pending = client;
      // A new waiting change is written at once (it must survive a reload a moment later); a change that
      // settled may linger a little: replaying it after a crash is harmless (its Idempotency-Key).
      // Several leaving at once (logout, an emptied cart) is written at once too: nothing personal lingers.
      const keys = outboxKeys(client);
      const gone = [...written].filter((k) => !keys.includes(k)).length;
      if (keys.some((k) => !written.has(k)) || gone > 1 || (gone > 0 && keys.length === 0)) {
        written = new Set(keys);
        return flush();
      }
      written = new Set(keys);
      timer ??= setTimeout(() => void flush(), QUERY_WRITE_DELAY);
      return Promise.resolve();
    },
    restoreClient: async () => {
      let client: PersistedClient | undefined;
      try {
        client = await get<PersistedClient>(key);
      } catch {
        return undefined;
      }
      if (!client) return undefined;
      // Another build or too old: the browsing cache goes, the waiting changes stay.
      if (client.buster !== PERSIST_BUSTER || Date.now() - client.timestamp > PERSIST_MAX_AGE) {
        return {
          timestamp: Date.now(),
          buster: PERSIST_BUSTER,
          clientState: { queries: [], mutations: client.clientState.mutations },
        };
      }
      return client;
    },
    removeClient: async () => {
      await del(key);
    },
    flush,
  };
}

/** The app's one persister (providers.tsx), also flushed before an update or recovery reload. */
export const appPersister = createIdbPersister();
