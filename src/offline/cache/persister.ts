/*
 * The query cache persisted in IndexedDB (idb-keyval) so that what was browsed stays browsable offline, and
 * the outbox (waiting cart, wishlist, contact and newsletter writes) survives reloads and restarts.
 * - The buster is the app version and the cache shape: a new build starts from a clean cache instead of
 *   reading old shapes (the outbox is carried over, also past the max age: its variables are plain data the new build's
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
import { del, delMany, get, promisifyRequest, set, values } from "idb-keyval";
import { keyvalStore, reopeningStore } from "@/offline/shared/idb-store";
import { workerSendsAtStart } from "@/offline/outbox/worker-log";
import { readDone } from "@/offline/outbox/done-keys";

type DehydratedMutation = DehydratedState["mutations"][number];

export const PERSIST_KEY = "bicycle-shop-query-cache";
/** The IndexedDB database of the outbox: one entry per waiting change. */
export const OUTBOX_DB = "bicycle-shop-outbox";
/** A week: catalogue pages seen on Monday still open in the showroom on Friday. */
export const PERSIST_MAX_AGE = 7 * 24 * 60 * 60 * 1000;
/**
 * The shape of what the browsing cache holds, raised whenever it changes: `npm run build` without BUILD_ID
 * gives every build the same app version ("0.1.0-dev"), and a cache of another shape restored under it breaks
 * the pages that read it. 2: the storefront's own types (api/product.ts), no longer the API's replies;
 * 3: content pages as ContentPage (api/content.ts); 4: categories as api/categories.ts's Category; 5: banners, brands, blog posts and the about page as api/content.ts's types; 6: states as api/account.ts's State;
 * 7: a product's (and size's) stock null when the server does not tell it, no longer an invented 99;
 * 8: a category's list filters as api/catalog.ts's CatalogFilterSet.
 */
export const CACHE_SHAPE = 8;
export const PERSIST_BUSTER = `${__APP_VERSION__}+shape${CACHE_SHAPE}`;
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

type ChangeStore = ReturnType<typeof reopeningStore>;

/**
 * A new change is also written at once, synchronously, to localStorage (a write-ahead copy), and leaves it
 * once its IndexedDB entry is written: a shopper who taps and at once follows a link would otherwise lose
 * a change whose IndexedDB write had not started when the page went.
 */
const WAL_KEY = "outbox-wal";

function readWal(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(WAL_KEY) ?? "{}");
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function updateWal(change: (wal: Record<string, unknown>) => boolean): void {
  try {
    const wal = readWal();
    if (!change(wal)) return;
    if (Object.keys(wal).length) localStorage.setItem(WAL_KEY, JSON.stringify(wal));
    else localStorage.removeItem(WAL_KEY);
  } catch {
    // No storage or full: the IndexedDB write follows at once anyway.
  }
}

/**
 * The query cache in one IndexedDB entry (`key`, written at most every 400 ms; tabs overwrite each other,
 * which is harmless for browsed pages) and the outbox one entry per change in a store of its own
 * (`changesDb`): a tab writes the changes it holds and deletes only the ones it saw leave, so a change one
 * tab queued is never erased by another tab's snapshot. The two are written independently: a change never
 * waits behind a large snapshot.
 */
export function createIdbPersister(
  key: string = PERSIST_KEY,
  changesDb: string = OUTBOX_DB,
): Persister & { flush(): Promise<void> } {
  let changeStore: ChangeStore | null = null;
  const changes = () => (changeStore ??= reopeningStore(changesDb, "changes"));
  /** the changes this tab holds, as last written (JSON), by key */
  let written = new Map<string, string>();
  /** the changes this tab holds now (`written` follows once they are written) */
  let held = new Set<string>();
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let nextChanges: readonly DehydratedMutation[] | null = null;
  let changesWriting: Promise<void> = Promise.resolve();
  let snapshotWriting: Promise<void> = Promise.resolve();

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
    const done = new Set([...puts.map(([k]) => k), ...gone]);
    updateWal((wal) => {
      const before = Object.keys(wal).length;
      for (const k of Object.keys(wal)) if (done.has(k)) delete wal[k];
      return Object.keys(wal).length !== before;
    });
  }

  /** Writes the latest outbox (one write at a time; writes asked for meanwhile collapse into one). */
  function scheduleChanges(mutations: readonly DehydratedMutation[]): Promise<void> {
    nextChanges = mutations;
    changesWriting = changesWriting.then(async () => {
      const next = nextChanges;
      nextChanges = null;
      if (!next) return;
      try {
        await writeChanges(next);
      } catch (error) {
        console.warn("Could not persist the outbox", error);
      }
    });
    return changesWriting;
  }

  async function writeSnapshot(client: PersistedClient) {
    try {
      await set(key, { ...client, clientState: { ...client.clientState, mutations: [] } }, keyvalStore());
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
    if (client) {
      void scheduleChanges(markInFlightAsPaused(client).clientState.mutations);
      snapshotWriting = snapshotWriting.then(() => writeSnapshot(client));
    }
    return Promise.all([changesWriting, snapshotWriting]).then(() => undefined);
  }

  return {
    persistClient: (client: PersistedClient) => {
      pending = client;
      timer ??= setTimeout(() => void flush(), QUERY_WRITE_DELAY);
      // A new waiting change is kept at once (write-ahead copy, then its entry); one that settled may
      // linger a little (a restart skips it: it is marked done). Several leaving at once (logout, an
      // emptied cart) are deleted at once too: nothing personal lingers.
      const mutations = markInFlightAsPaused(client).clientState.mutations;
      const keys = new Set(mutations.map(changeKey));
      const added = mutations.filter((m) => !held.has(changeKey(m)));
      const gone = [...held].filter((k) => !keys.has(k));
      held = keys;
      if (added.length || gone.length)
        updateWal((wal) => {
          const before = JSON.stringify(Object.keys(wal));
          for (const m of added) wal[changeKey(m)] = m;
          for (const k of gone) delete wal[k];
          return added.length > 0 || JSON.stringify(Object.keys(wal)) !== before;
        });
      if (added.length || gone.length > 1 || (gone.length > 0 && keys.size === 0))
        return scheduleChanges(mutations);
      return Promise.resolve();
    },
    restoreClient: async () => {
      let client: PersistedClient | undefined;
      let stored: unknown[] = [];
      try {
        client = await get<PersistedClient>(key, keyvalStore());
      } catch {
        client = undefined;
      }
      try {
        stored = await values(changes());
      } catch (error) {
        console.warn("Could not read the outbox", error);
      }
      // Changes the service worker sent while no page was open (Background Sync) are done: not restored.
      await workerSendsAtStart.take();
      // A snapshot of an earlier build may still hold its waiting changes: they are carried over.
      const legacy = Array.isArray(client?.clientState?.mutations) ? client.clientState.mutations : [];
      const done = readDone();
      const wal = readWal();
      const mutations = mergeChanges([legacy, Object.values(wal), stored], done);
      updateWal((w) => {
        const before = Object.keys(w).length;
        for (const k of Object.keys(w)) if (k in done) delete w[k];
        return Object.keys(w).length !== before;
      });
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
      const fresh = client !== undefined && keepsBrowsingCache(client, Date.now());
      // Another build or too old: the browsing cache goes, the waiting changes stay.
      return {
        timestamp: fresh ? client!.timestamp : Date.now(),
        buster: PERSIST_BUSTER,
        clientState: { queries: fresh ? client!.clientState.queries : [], mutations },
      };
    },
    removeClient: async () => {
      // The browsing cache only: the waiting changes are never dropped with it.
      await del(key, keyvalStore());
    },
    flush,
  };
}

/** Whether a stored cache's queries are restored: written by this build (and cache shape), within the max age. */
export function keepsBrowsingCache(client: PersistedClient, now: number): boolean {
  return (
    client.buster === PERSIST_BUSTER &&
    now - client.timestamp <= PERSIST_MAX_AGE &&
    Array.isArray(client.clientState?.queries)
  );
}

/** The app's one persister (providers.tsx), also flushed before an update or recovery reload. */
export const appPersister = createIdbPersister();
