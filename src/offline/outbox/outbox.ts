/*
 * The outbox (DESIGN §4): cart, wishlist, contact and newsletter writes made while offline (or while the
 * server cannot be reached) are paused TanStack mutations. The persister (persister.ts) keeps them in
 * IndexedDB with their variables, each variable set holding the Idempotency-Key made when the shopper acted,
 * so a replay after a reload, a restart or a crash mid-request is deduplicated by the server.
 *
 * This module adds what TanStack Query does not do by itself:
 *  - coalescing before a change is queued (the rules of the feature that owns it);
 *  - one replaying tab: `resumePausedMutations` runs under a Web Lock; the other tabs mirror the waiting
 *    changes (BroadcastChannel), drop the ones another tab has sent, and read the features' queries again;
 *  - replay triggers: app start (after the cache is restored), `online`, `visibilitychange`/focus;
 *  - one summary after a replay: how many changes synced and which ones the server refused;
 *  - `navigator.storage.persist()` asked once, at the first change of a feature that asks for it;
 *  - undo of a change never sent (the change queue panel, change-queue.ts): it leaves every tab and every
 *    restart like a settled change (done-keys.ts), and no request ever carries it (the client's send guard).
 *
 * It knows no feature: what it does with a feature's writes (coalescing, order, a merged replay, the queries
 * read again, the price check, the server-freshness notes) is that feature's policy (outbox-policy.ts), handed
 * to `createOutbox` by the app (app/start-outbox.ts).
 *
 * It is not in the first page's scripts (issue 16 item 4): deferred-outbox.ts stands in for it and loads it
 * when something needs it (a write, a waiting change restored, another tab's word, an undo), keeping what
 * happened meanwhile (the mutation cache's events, the other tabs' messages) for `createOutbox` to go through
 * first (`early`).
 */
import {
  onlineManager,
  type MutationCacheNotifyEvent,
  type MutationKey,
  type MutationState,
  type MutationStatus,
  type QueryClient,
} from "@tanstack/react-query";
import { readToken } from "@/api/auth-storage";
import { ApiError, setSendGuard } from "@/api/client";
import { startsWithKey, type QueuedChange } from "./change-queue";
import { markDone, markSent, readDone, readSent } from "./done-keys";
import { noteWriteOver, noteWriteUnderWay, type WriteKind } from "@/offline/signal/server-freshness";
import { OUTBOX_LOCK_NAME } from "@/offline/shared/background-sync-records";
import { noteSyncSummary } from "./sync-history";
import type { OutboxPolicy, OutboxWrite, PriceChange, ReplayedWrite } from "./outbox-policy";
import {
  dropPersonalOnLogout,
  idempotencyKeyOf,
  isDroppable,
  isUndoable,
  isWaiting,
  OUTBOX_CHANNEL_NAME,
  waitingChanges,
  type AnyMutation,
} from "./waiting";

export { idempotencyKeyOf, isWaiting };

export interface OutboxRefusal {
  /** what the change was about (a product name), when known */
  label: string | null;
  message: string;
}

export interface OutboxSummary {
  synced: number;
  /** the Idempotency-Keys of the synced changes (the screens count them as the queue's entries) */
  syncedKeys: string[];
  refused: OutboxRefusal[];
  /** lines added offline whose price the server now states differently (base currency) */
  priceChanged: PriceChange[];
}

const LOCK_NAME = OUTBOX_LOCK_NAME;
const PERSIST_ASKED_KEY = "storage-persist-asked";

export type Message =
  | {
      type: "queued";
      mutationKey: MutationKey;
      variables: unknown;
      submittedAt: number;
      /** 1 when it may have reached the server (never coalesced away then) */
      failureCount?: number;
    }
  | {
      type: "dropped";
      keys: string[];
      /** what the changes were about: the receiving tab notes them settled (server-freshness.ts) */
      kind?: WriteKind | null;
    }
  | { type: "synced" };

interface Variables {
  idempotencyKey?: unknown;
  /** what the change is about (a product name), for the summary */
  label?: unknown;
}

function vars(m: AnyMutation): Variables {
  const v = m.state.variables;
  return typeof v === "object" && v !== null ? (v as Variables) : {};
}

const toWrite = (m: AnyMutation): OutboxWrite => ({
  mutationKey: m.options.mutationKey,
  variables: m.state.variables,
});

/** The server answered (a refusal), as opposed to a request that never completed. */
function isServerAnswer(error: unknown): boolean {
  return error instanceof ApiError && !error.isNetwork;
}

function refusalMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** A reply that says the change was not accepted (`success: false`, e.g. a coupon code) counts as refused. */
function replyRefusal(data: unknown): string | null {
  if (typeof data !== "object" || data === null) return null;
  const d = data as { success?: unknown; message?: unknown };
  return d.success === false ? (typeof d.message === "string" ? d.message : "") : null;
}

export interface Outbox {
  /**
   * Applies the coalescing rules before a change is queued: drops the waiting changes it replaces and
   * says whether it must be sent at all.
   */
  prepare(mutationKey: MutationKey, variables: unknown): boolean;
  /** Replays the waiting changes now (in this tab if it gets the lock). */
  replay(): Promise<void>;
  /** Number of changes waiting to be sent. */
  waitingCount(): number;
  /** The changes waiting to be sent, oldest first, each saying whether it may still be undone. */
  waiting(): QueuedChange[];
  /**
   * Takes these changes out of the queue for good, in every tab and across restarts, if none of them was
   * ever sent and no tab is replaying; false (nothing undone) otherwise.
   */
  undo(keys: readonly string[]): Promise<boolean>;
  /**
   * Work that must be over before an undo counts as done: run with the undone keys while the undo still
   * holds the outbox's lock, so nothing else (a replay, the service worker) can send them meanwhile.
   */
  onUndo(task: (keys: readonly string[]) => Promise<void>): () => void;
  subscribeSummary(listener: (summary: OutboxSummary) => void): () => void;
  /**
   * Changes that settled outside the pages (the service worker's Background Sync): they leave this tab's
   * outbox, and the policies' queries are read again.
   */
  settledOutside(sent: readonly { key: string; kind: string }[]): void;
  /** Shows a summary of changes settled outside the pages. */
  report(summary: OutboxSummary): void;
  dispose(): void;
}

/** A mutation cache event from before the outbox was created, as it was then. */
export interface EarlyCacheEvent {
  event: MutationCacheNotifyEvent;
  /** whether the app was online then */
  online: boolean;
  /** the mutation's status then */
  status: MutationStatus | undefined;
}

/** What happened before the outbox was created (deferred-outbox.ts), gone through first. */
export interface EarlyOutbox {
  /** the mutation cache's events for outbox changes, oldest first */
  events: readonly EarlyCacheEvent[];
  /** the channel to the other tabs, already open, and the messages it brought, oldest first */
  channel: BroadcastChannel | null;
  messages: readonly Message[];
  /** whether a shopper is logged in as far as the stand-in knew (it removed what a logout removes until now) */
  hadToken: boolean;
}

export interface OutboxOptions {
  queryClient: QueryClient;
  /** what the outbox does with each feature's writes (outbox-policy.ts); writes no policy owns just wait */
  policies?: readonly OutboxPolicy[];
  /** created after the page started (deferred-outbox.ts): what happened meanwhile */
  early?: EarlyOutbox;
}

export function createOutbox({ queryClient, policies = [], early }: OutboxOptions): Outbox {
  // TanStack's online manager starts as "online" and only listens to events: a page opened while offline
  // must start offline, or its writes would be sent (and fail) instead of being queued.
  if (typeof navigator !== "undefined") onlineManager.setOnline(navigator.onLine);
  const cache = queryClient.getMutationCache();
  const originalResume = queryClient.resumePausedMutations.bind(queryClient);
  const channel = early
    ? early.channel
    : typeof BroadcastChannel === "undefined"
      ? null
      : new BroadcastChannel(OUTBOX_CHANNEL_NAME);
  const summaryListeners = new Set<(s: OutboxSummary) => void>();
  /** Tells the screens, and notes it for the sync report (the storage page). */
  const emitSummary = (summary: OutboxSummary) => {
    noteSyncSummary(summary);
    summaryListeners.forEach((l) => l(summary));
  };
  const undoTasks = new Set<(keys: readonly string[]) => Promise<void>>();
  /** mutations that were waiting offline (queued, restored or mirrored): these get the summary */
  const queuedOffline = new WeakSet<AnyMutation>();
  const mirrored = new WeakSet<AnyMutation>();
  const posted = new WeakSet<AnyMutation>();
  let replaying = false;
  let disposed = false;

  const all = () => cache.getAll() as AnyMutation[];

  const policyOf = (mutationKey: MutationKey | undefined): OutboxPolicy | undefined =>
    mutationKey ? policies.find((p) => startsWithKey(mutationKey, p.mutationKey)) : undefined;
  const kindOf = (m: AnyMutation): WriteKind | null => policyOf(m.options.mutationKey)?.writeKind ?? null;
  const writeKinds = new Set(policies.flatMap((p) => (p.writeKind ? [p.writeKind] : [])));
  const isWriteKind = (kind: string | null | undefined): kind is WriteKind =>
    typeof kind === "string" && writeKinds.has(kind as WriteKind);
  /** A policy's waiting writes: those of its ordered scope when it has one. */
  const waitingOf = (p: OutboxPolicy) =>
    all().filter(
      (m) =>
        isWaiting(m) &&
        (p.orderedScope !== undefined
          ? m.options.scope?.id === p.orderedScope
          : policyOf(m.options.mutationKey) === p),
    );
  const queriesToReload = policies.flatMap((p) => p.queriesToReload ?? []);
  const reloadQueries = () =>
    Promise.all(queriesToReload.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

  /** Tells every tab which writes of a policy with a write kind are under way (server-freshness.ts). */
  function noteUnderWay(
    eventType: string,
    m: AnyMutation,
    status: MutationStatus | undefined,
    action: string | null,
  ): void {
    const kind = kindOf(m);
    const key = idempotencyKeyOf(m);
    if (!kind || !key) return;
    if ((eventType === "added" && status === "pending") || action === "pending") noteWriteUnderWay(kind, key);
    else if (action === "success" || action === "error") noteWriteOver(kind, key, true);
    else if (eventType === "removed" && status === "pending") noteWriteOver(kind, key, false);
  }
  const post = (msg: Message) => {
    try {
      channel?.postMessage(msg);
    } catch {
      // A closed channel (page unloading): nothing to tell.
    }
  };

  /** set while this outbox builds mutations itself (mirrored, or put back in order): not restored ones */
  let building = false;
  const postQueued = (m: AnyMutation) => {
    if (posted.has(m) || m.state.variables === undefined) return;
    posted.add(m);
    post({
      type: "queued",
      mutationKey: m.options.mutationKey ?? [],
      variables: m.state.variables,
      submittedAt: m.state.submittedAt,
      failureCount: m.state.failureCount > 0 ? 1 : 0,
    });
  };
  const buildWaiting = (mutationKey: MutationKey, state: MutationState<unknown, Error, unknown, unknown>) => {
    building = true;
    try {
      const m = cache.build(queryClient, { mutationKey }, state) as AnyMutation;
      mirrored.add(m);
      queuedOffline.add(m);
      return m;
    } finally {
      building = false;
    }
  };

  const removeByKeys = (keys: Set<string>) => {
    for (const m of all()) {
      const key = idempotencyKeyOf(m);
      if (key && keys.has(key) && isWaiting(m)) cache.remove(m);
    }
  };
  /**
   * Another tab settled these changes (or dropped them unsent). It noted when in localStorage, which this tab
   * may see only after this message: noted here too, or a server read this tab started before the change
   * landed would count as current once the copy leaves, and put the older state back on the device.
   */
  const settledElsewhere = (keys: readonly string[], kind: WriteKind | null | undefined) => {
    if (isWriteKind(kind)) for (const key of keys) noteWriteOver(kind, key, true);
    removeByKeys(new Set(keys));
  };

  function prepare(mutationKey: MutationKey, variables: unknown): boolean {
    const policy = policyOf(mutationKey);
    if (!policy?.coalesce) return true;
    // A policy's rules weigh its own waiting writes only.
    const waiting = all().filter((m) => isWaiting(m) && policyOf(m.options.mutationKey) === policy);
    const { drop, send } = policy.coalesce(
      waiting.map((m) => ({ ...toWrite(m), id: String(m.mutationId), droppable: isDroppable(m) })),
      { mutationKey, variables },
    );
    const dropped = waiting.filter((m) => drop.includes(String(m.mutationId)));
    dropped.forEach((m) => cache.remove(m));
    const keys = dropped.map(idempotencyKeyOf).filter((k): k is string => k !== null);
    if (keys.length) post({ type: "dropped", keys, kind: kindOf(dropped[0]!) });
    return send;
  }

  let persistAsked = false;
  function askPersistentStorage() {
    if (persistAsked) return;
    persistAsked = true;
    try {
      if (localStorage.getItem(PERSIST_ASKED_KEY)) return;
      localStorage.setItem(PERSIST_ASKED_KEY, "1");
    } catch {
      return;
    }
    if (typeof navigator !== "undefined") void navigator.storage?.persist?.().catch(() => false);
  }

  /** One event of the mutation cache: `online` and `status` as they were when it happened. */
  function onCacheEvent(
    event: MutationCacheNotifyEvent,
    online: boolean,
    status: MutationStatus | undefined,
  ) {
    const m = event.mutation as AnyMutation | undefined;
    if (!m || m.meta?.offline !== true) return;
    noteUnderWay(event.type, m, status, event.type === "updated" ? event.action.type : null);
    if (event.type === "added") {
      if (policyOf(m.options.mutationKey)?.keepsStorage) askPersistentStorage();
      // Restored from IndexedDB or mirrored from another tab: it was queued offline.
      if (status === "pending") {
        queuedOffline.add(m);
        // Restored here: every tab must hold it, or a tab replaying without it would send later changes first.
        if (!building) postQueued(m);
      }
      return;
    }
    if (event.type !== "updated") return;
    const action = event.action;
    // Queued while offline (a new change, or one paused by a lost connection): mirrored to the other tabs so
    // that every tab's persisted outbox holds it. Changes made online are never mirrored (another tab could
    // otherwise send them a second time while this one is still sending).
    if ((action.type === "pending" || action.type === "pause") && !online) {
      queuedOffline.add(m);
      if (!mirrored.has(m)) postQueued(m);
    } else if (action.type === "success" || (action.type === "error" && isServerAnswer(action.error))) {
      // Settled: no tab and no restart sends it again, whatever copy of it they hold (a tab may have
      // restored a change this one still had in flight). An error that is not the server's answer (the
      // request never completed) settles nothing: a copy held elsewhere may still send it.
      const key = idempotencyKeyOf(m);
      if (key) {
        markDone([key]);
        post({ type: "dropped", keys: [key], kind: kindOf(m) });
      }
    }
  }
  // What happened before this outbox was created, then what happens from now on.
  for (const e of early?.events ?? []) onCacheEvent(e.event, e.online, e.status);
  const unsubscribeCache = cache.subscribe((event) =>
    onCacheEvent(event, onlineManager.isOnline(), event.mutation?.state.status),
  );

  const onMessage = (e: MessageEvent<Message>) => handleMessage(e.data);
  function handleMessage(msg: Message) {
    if (msg.type === "queued") {
      const key = (msg.variables as Variables | null)?.idempotencyKey;
      if (typeof key !== "string" || all().some((m) => idempotencyKeyOf(m) === key)) return;
      if (key in readDone()) return;
      buildWaiting(msg.mutationKey, {
        context: undefined,
        data: undefined,
        error: null,
        failureCount: msg.failureCount === 1 ? 1 : 0,
        failureReason: null,
        isPaused: true,
        status: "pending",
        variables: msg.variables,
        submittedAt: msg.submittedAt,
      });
    } else if (msg.type === "dropped") {
      settledElsewhere(msg.keys, msg.kind);
    } else if (msg.type === "synced") {
      void reloadQueries().catch(() => undefined);
    }
  }
  for (const msg of early?.messages ?? []) handleMessage(msg);
  channel?.addEventListener("message", onMessage);

  // A change some tab undid or settled is never sent again, even by a tab its word has not reached yet; a
  // change that leaves is noted as possibly received (it can no longer be undone, in any tab).
  setSendGuard({
    allowed: (keys) => {
      const done = readDone();
      return keys.filter((k) => !(k in done));
    },
    sending: markSent,
  });

  // Logged out here or in another tab: the customer's waiting changes leave this tab too (and so the device).
  const logout = dropPersonalOnLogout(cache, early ? early.hadToken : readToken() !== null);

  /**
   * The waiting changes of an ordered scope (a policy's `orderedScope`) replay in the order they were made,
   * whichever tab made them: a change that reached this tab late (mirrored, or restored by another tab after a
   * reload) is sent in its place, not last. Waiting changes found out of order are built again in order (from
   * the first misplaced one on).
   */
  function putInOrder(scope: string): void {
    const waiting = all().filter((m) => isWaiting(m) && m.state.isPaused && m.options.scope?.id === scope);
    const sorted = [...waiting].sort((a, b) => a.state.submittedAt - b.state.submittedAt);
    const first = sorted.findIndex((m, i) => m !== waiting[i]);
    if (first < 0) return;
    const tail = sorted.slice(first);
    tail.forEach((m) => cache.remove(m));
    for (const m of tail) {
      const copy = buildWaiting(m.options.mutationKey ?? [], { ...m.state });
      posted.add(copy);
    }
  }

  async function replayHere(): Promise<void> {
    // Changes another tab already sent (its messages may not have arrived yet).
    removeByKeys(new Set(Object.keys(readDone())));
    for (const p of policies) if (p.orderedScope !== undefined) putInOrder(p.orderedScope);
    const batch = all().filter((m) => isWaiting(m) && m.state.isPaused);
    if (!batch.length) return;
    replaying = true;
    // What a policy does while its writes replay (e.g. sends a run of them as one request).
    const endings = policies.flatMap((p) =>
      p.duringReplay ? [p.duringReplay(() => waitingOf(p).map(toWrite))] : [],
    );
    try {
      await originalResume();
    } finally {
      replaying = false;
      endings.forEach((end) => end());
    }
    const reported = batch.filter((m) => queuedOffline.has(m) && cache.getAll().includes(m));
    const summary: OutboxSummary = { synced: 0, syncedKeys: [], refused: [], priceChanged: [] };
    const replayed: { policy: OutboxPolicy | undefined; write: ReplayedWrite }[] = [];
    for (const m of reported) {
      const label = typeof vars(m).label === "string" ? (vars(m).label as string) : null;
      if (m.state.status === "error") summary.refused.push({ label, message: refusalMessage(m.state.error) });
      else if (m.state.status === "success") {
        const refusal = replyRefusal(m.state.data);
        if (refusal !== null) summary.refused.push({ label, message: refusal });
        else {
          summary.synced += 1;
          const key = idempotencyKeyOf(m);
          if (key !== null) summary.syncedKeys.push(key);
        }
        replayed.push({ policy: policyOf(m.options.mutationKey), write: { ...toWrite(m), label } });
      }
    }
    // The server's state is the truth now: the policies' queries are read again here and in the other tabs.
    await reloadQueries().catch(() => undefined);
    post({ type: "synced" });
    summary.priceChanged = policies.flatMap(
      (p) =>
        p.priceChanges?.(
          replayed.filter((r) => r.policy === p).map((r) => r.write),
          queryClient,
        ) ?? [],
    );
    if (summary.synced + summary.refused.length > 0) emitSummary(summary);
  }

  const waiting = (): QueuedChange[] => waitingChanges(cache);

  function undoHere(keys: readonly string[]): boolean {
    const wanted = new Set(keys);
    const sent = readSent();
    const done = readDone();
    const targets = all().filter((m) => {
      const key = idempotencyKeyOf(m);
      return key !== null && wanted.has(key) && isWaiting(m);
    });
    if (!wanted.size || targets.length !== wanted.size) return false;
    if (!targets.every((m) => isUndoable(m, sent, done))) return false;
    // Settled as far as every tab and every restart is concerned: skipped on restore, never sent.
    markDone([...wanted]);
    targets.forEach((m) => cache.remove(m));
    for (const kind of new Set(targets.map(kindOf)))
      post({
        type: "dropped",
        keys: targets.filter((m) => kindOf(m) === kind).map((m) => idempotencyKeyOf(m)!),
        kind,
      });
    return true;
  }

  async function undoAndTidy(keys: readonly string[]): Promise<boolean> {
    if (!undoHere(keys)) return false;
    await Promise.all([...undoTasks].map((task) => task(keys).catch(() => undefined)));
    return true;
  }

  async function undo(keys: readonly string[]): Promise<boolean> {
    if (disposed) return false;
    const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
    if (!locks) return undoAndTidy(keys);
    // Not while a tab replays (it holds the lock): a change may be leaving at this very moment.
    return locks.request(LOCK_NAME, { ifAvailable: true }, (lock) => (lock ? undoAndTidy(keys) : false));
  }

  async function replay(): Promise<void> {
    if (disposed || !onlineManager.isOnline()) return;
    // Already replaying in this tab (e.g. offline again mid-replay, now back): continue what is paused.
    if (replaying) {
      await originalResume();
      return;
    }
    if (!all().some((m) => isWaiting(m) && m.state.isPaused)) return;
    const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
    if (!locks) return replayHere();
    await locks.request(LOCK_NAME, () => replayHere());
  }

  // TanStack calls this on `online` and on focus/visibilitychange; it must not hold up the refetch that
  // follows it, so the replay runs in the background.
  queryClient.resumePausedMutations = () => {
    void replay().catch((error: unknown) => console.warn("Outbox replay failed", error));
    return Promise.resolve();
  };

  const onVisible = () => {
    if (document.visibilityState === "visible") void queryClient.resumePausedMutations();
  };
  if (typeof document !== "undefined") document.addEventListener("visibilitychange", onVisible);

  return {
    prepare,
    replay,
    waitingCount: () => all().filter(isWaiting).length,
    waiting,
    undo,
    onUndo(task) {
      undoTasks.add(task);
      return () => undoTasks.delete(task);
    },
    subscribeSummary(listener) {
      summaryListeners.add(listener);
      return () => summaryListeners.delete(listener);
    },
    settledOutside(sent) {
      if (!sent.length) return;
      // Sent by the service worker: over for this tab too (a send of the same change this tab had started is
      // no longer under way), so the reads below count as current and the device follows the server again.
      for (const { key, kind } of sent) if (isWriteKind(kind)) noteWriteOver(kind, key, true);
      removeByKeys(new Set(sent.map((e) => e.key)));
      void reloadQueries().catch(() => undefined);
    },
    report(summary) {
      if (summary.synced + summary.refused.length > 0) emitSummary(summary);
    },
    dispose() {
      disposed = true;
      unsubscribeCache();
      logout.stop();
      channel?.removeEventListener("message", onMessage);
      channel?.close();
      if (typeof document !== "undefined") document.removeEventListener("visibilitychange", onVisible);
      queryClient.resumePausedMutations = originalResume;
      setSendGuard(null);
    },
  };
}
