/*
 * The outbox (DESIGN §4): cart, wishlist, contact and newsletter writes made while offline (or while the
 * server cannot be reached) are paused TanStack mutations, kept in IndexedDB by the persister with the
 * Idempotency-Key made when the shopper acted, so a replay after a reload, a restart or a crash mid-request is
 * deduplicated by the server. What TanStack Query does not do by itself, part by part:
 *  - entries.ts: the waiting changes as the mutation cache holds them;
 *  - mirror.ts + tab-channel.ts: every tab holds the same waiting changes;
 *  - leader.ts: one tab replays (a Web Lock), and an undo waits for no one;
 *  - executor.ts: the replay, its triggers (app start, `online`, `visibilitychange`/focus) and its summary
 *    (summary.ts);
 *  - undo.ts: a change never sent taken back, in every tab and restart;
 *  - here: coalescing before a change is queued (`prepare`), the send guard, the logout drop, and the parts
 *    put together.
 *
 * It knows no feature: what it does with a feature's writes is that feature's policy (outbox-policy.ts,
 * looked up in policy-registry.ts), handed to `createOutbox` by the app (app/start-outbox.ts). It is not in
 * the first page's scripts (issue 16 item 4): deferred-outbox.ts stands in for it and hands it what happened
 * meanwhile (`early`).
 */
import {
  onlineManager,
  type MutationCacheNotifyEvent,
  type MutationKey,
  type MutationStatus,
  type QueryClient,
} from "@tanstack/react-query";
import { readToken } from "@/api/auth-storage";
import { setSendGuard } from "@/api/client";
import { noteWriteOver } from "@/offline/signal/server-freshness";
import type { QueuedChange } from "./change-queue";
import { markSent, readDone } from "./done-keys";
import { outboxEntries, toWrite } from "./entries";
import { createExecutor } from "./executor";
import { webLocksLeader } from "./leader";
import { createMirror } from "./mirror";
import type { OutboxPolicy } from "./outbox-policy";
import { policyRegistry } from "./policy-registry";
import { summaryHub, type OutboxSummary } from "./summary";
import { openTabChannel, type Message } from "./tab-channel";
import { createUndo } from "./undo";
import { dropPersonalOnLogout, idempotencyKeyOf, isDroppable, isWaiting, waitingChanges } from "./waiting";
import { isOnline } from "@/offline/signal/online-signal";

export { idempotencyKeyOf, isWaiting };

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
  onlineManager.setOnline(isOnline());
  const cache = queryClient.getMutationCache();
  const originalResume = queryClient.resumePausedMutations.bind(queryClient);
  const channel = openTabChannel(early ? early.channel : undefined);
  const registry = policyRegistry(policies, queryClient);
  const entries = outboxEntries(queryClient);
  const summaries = summaryHub();
  const leader = webLocksLeader();
  const mirror = createMirror({ entries, registry, channel });
  const executor = createExecutor({
    queryClient,
    resume: originalResume,
    entries,
    registry,
    channel,
    leader,
    summaries,
  });
  const undo = createUndo({ entries, registry, channel, leader });
  let disposed = false;

  function prepare(mutationKey: MutationKey, variables: unknown): boolean {
    const policy = registry.policyOf(mutationKey);
    if (!policy?.coalesce) return true;
    // A policy's rules weigh its own waiting writes only.
    const waiting = entries
      .all()
      .filter((m) => isWaiting(m) && registry.policyOf(m.options.mutationKey) === policy);
    const { drop, send } = policy.coalesce(
      waiting.map((m) => ({ ...toWrite(m), id: String(m.mutationId), droppable: isDroppable(m) })),
      { mutationKey, variables },
    );
    const dropped = waiting.filter((m) => drop.includes(String(m.mutationId)));
    dropped.forEach((m) => cache.remove(m));
    const keys = dropped.map(idempotencyKeyOf).filter((k): k is string => k !== null);
    if (keys.length) channel.post({ type: "dropped", keys, kind: registry.kindOf(dropped[0]!) });
    return send;
  }

  // What happened before this outbox was created, then what happens from now on.
  for (const e of early?.events ?? []) mirror.onCacheEvent(e.event, e.online, e.status);
  const unsubscribeCache = cache.subscribe((event) =>
    mirror.onCacheEvent(event, onlineManager.isOnline(), event.mutation?.state.status),
  );
  for (const msg of early?.messages ?? []) mirror.onMessage(msg);
  const stopListening = channel.listen(mirror.onMessage);

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

  const replay = (): Promise<void> => (disposed ? Promise.resolve() : executor.replay());

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
    waitingCount: () => entries.all().filter(isWaiting).length,
    waiting: () => waitingChanges(cache),
    undo: (keys) => (disposed ? Promise.resolve(false) : undo.undo(keys)),
    onUndo: undo.onUndo,
    subscribeSummary: summaries.subscribe,
    settledOutside(sent) {
      if (!sent.length) return;
      // Sent by the service worker: over for this tab too (a send of the same change this tab had started is
      // no longer under way), so the reads below count as current and the device follows the server again.
      for (const { key, kind } of sent) if (registry.isWriteKind(kind)) noteWriteOver(kind, key, true);
      entries.removeByKeys(new Set(sent.map((e) => e.key)));
      void registry.reloadQueries().catch(() => undefined);
    },
    report: summaries.emit,
    dispose() {
      disposed = true;
      unsubscribeCache();
      logout.stop();
      stopListening();
      channel.close();
      if (typeof document !== "undefined") document.removeEventListener("visibilitychange", onVisible);
      queryClient.resumePausedMutations = originalResume;
      setSendGuard(null);
    },
  };
}
