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
 * - The outbox has a store of its own, one entry per change: tabs share IndexedDB, and a whole-cache snapshot
 *   written by one tab would erase a change only another tab held (one made online, cut by the lost
 *   connection and then by a navigation). A tab deletes only the entries it saw leave; changes some tab
 *   saw settle (done-keys.ts) are skipped on restore.
 * - QuotaExceededError: the browsing cache is not written; the changes, small, are written first.
 */
import type { PersistedClient, Persister } from "@tanstack/query-persist-client-core";
import type { DehydratedState, DehydrateOptions } from "@tanstack/react-query";
import { createStore, del, delMany, get, promisifyRequest, set, values } from "idb-keyval";
import { readDone } from "./done-keys";

type DehydratedMutation = DehydratedState["mutations"][number];

export const PERSIST_KEY = "bicycle-shop-query-cache";
/** The IndexedDB database of the outbox: one entry per waiting change. */
export const OUTBOX_DB = "bicycle-shop-outbox";
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

/** The key a waiting change is stored under: its Idempotency-Key (every outbox write has one). */
function changeKey(m: DehydratedMutation): string {
  const key = (m.state.variables as { idempotencyKey?: unknown } | undefined)?.idempotencyKey;
  return typeof key === "string" ? key : `anon:${m.state.submittedAt}:${JSON.stringify(m.mutationKey ?? [])}`;
}

function isDehydratedMutation(v: unknown): v is DehydratedMutation {
  if (typeof v !== "object" || v === null) return false;
  const state = (v as { state?: unknown }).state;
  return typeof state === "object" && state !== null && (state as { status?: unknown }).status === "pending";
}

/**
 * Waiting changes from the stored snapshot and the change store, each once (by key), without the ones some
 * tab has seen settle, in the order they were made (the cart's writes replay in that order).
 */
export function mergeChanges(
  lists: readonly (readonly unknown[])[],
  done: Readonly<Record<string, number>>,
): DehydratedMutation[] {
  const byKey = new Map<string, DehydratedMutation>();
  for (const list of lists)
    for (const m of list) if (isDehydratedMutation(m) && !(changeKey(m) in done)) byKey.set(changeKey(m), m);
  return [...byKey.values()].sort((a, b) => (a.state.submittedAt ?? 0) - (b.state.submittedAt ?? 0));
}

type ChangeStore = ReturnType<typeof createStore>;

/**
 * The query cache in one IndexedDB entry (`key`, written at most every 400 ms; tabs overwrite each other,
 * which is harmless for browsed pages) and the outbox one entry per change in a store of its own
 * (`changesDb`): a tab writes the changes it holds and deletes only the ones it saw leave, so a change one
 * tab queued is never erased by another tab's snapshot.
 */
export function createIdbPersister(
  key: string = PERSIST_KEY,
  changesDb: string = OUTBOX_DB,
): Persister & { flush(): Promise<void> } {
  let changeStore: ChangeStore | null = null;
  const changes = () => (changeStore ??= createStore(changesDb, "changes"));
  /** the changes this tab holds, as last written (JSON), by key */
  let written = new Map<string, string>();
  /** the changes this tab holds now (`written` follows once they are written) */
  let held = new Set<string>();
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function writeChanges(mutations: readonly DehydratedMutation[]) {
    const now = new Map(mutations.map((m) => [changeKey(m), m]));
    const puts = [...now].filter(([k, m]) => written.get(k) !== JSON.stringify(m));
    const gone = [...written.keys()].filter((k) => !now.has(k));
    if (!puts.length && !gone.length) return;
    await changes()("readwrite", (store) => {
      for (const [k, m] of puts) store.put(m, k);
      for (const k of gone) store.delete(k);
      return promisifyRequest(store.transaction);
    });
    written = new Map([...now].map(([k, m]) => [k, JSON.stringify(m)]));
  }

  async function write(client: PersistedClient) {
    const value = markInFlightAsPaused(client);
    try {
      await writeChanges(value.clientState.mutations);
    } catch (error) {
      console.warn("Could not persist the outbox", error);
    }
    try {
      await set(key, { ...value, clientState: { ...value.clientState, mutations: [] } });
    } catch (error) {
      // Out of space or unavailable: the browsing cache is not written (the changes have their own store).
      if (!isQuotaError(error)) console.warn("Could not persist the query cache", error);
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
      // A new waiting change is written at once (it must survive a reload a moment later); one that settled
      // may linger a little (a restart skips it: it is marked done). Several leaving at once (logout, an
      // emptied cart) are deleted at once too: nothing personal lingers.
      const keys = new Set(client.clientState.mutations.map(changeKey));
      const added = [...keys].some((k) => !held.has(k));
      const gone = [...held].filter((k) => !keys.has(k)).length;
      held = keys;
      if (added || gone > 1 || (gone > 0 && keys.size === 0)) return flush();
      timer ??= setTimeout(() => void flush(), QUERY_WRITE_DELAY);
      return Promise.resolve();
    },
    restoreClient: async () => {
      let client: PersistedClient | undefined;
      let stored: unknown[] = [];
      try {
        client = await get<PersistedClient>(key);
      } catch {
        client = undefined;
      }
      try {
        stored = await values(changes());
      } catch (error) {
        console.warn("Could not read the outbox", error);
      }
      // A snapshot of an earlier build may still hold its waiting changes: they are carried over.
      const legacy = Array.isArray(client?.clientState?.mutations) ? client.clientState.mutations : [];
      const done = readDone();
      const mutations = mergeChanges([legacy, stored], done);
      // Entries of changes that settled after their tab last wrote (it was closed or navigated away).
      const settled = stored.filter((m) => isDehydratedMutation(m) && changeKey(m) in done);
      if (settled.length)
        await delMany(
          settled.map((m) => changeKey(m as DehydratedMutation)),
          changes(),
        ).catch(() => undefined);
      // This tab's own from now on: deleted here when they settle or are dropped (a carried-over one is
      // written to the change store at the next write).
      const storedJson = new Map(
        stored.filter(isDehydratedMutation).map((m) => [changeKey(m), JSON.stringify(m)]),
      );
      written = new Map(mutations.map((m) => [changeKey(m), storedJson.get(changeKey(m)) ?? ""]));
      held = new Set(written.keys());
      if (!client && !mutations.length) return undefined;
      const fresh =
        client !== undefined &&
        client.buster === PERSIST_BUSTER &&
        Date.now() - client.timestamp <= PERSIST_MAX_AGE &&
        Array.isArray(client.clientState?.queries);
      // Another build or too old: the browsing cache goes, the waiting changes stay.
      return {
        timestamp: fresh ? client!.timestamp : Date.now(),
        buster: PERSIST_BUSTER,
        clientState: { queries: fresh ? client!.clientState.queries : [], mutations },
      };
    },
    removeClient: async () => {
      // The browsing cache only: the waiting changes are never dropped with it.
      await del(key);
    },
    flush,
  };
}

/** The app's one persister (providers.tsx), also flushed before an update or recovery reload. */
export const appPersister = createIdbPersister();
