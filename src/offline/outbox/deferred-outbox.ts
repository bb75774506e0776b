/*
 * The outbox as the first page has it (issue 16 item 4): the outbox (outbox.ts) and the features' policies
 * are not in the first page's scripts. This stand-in is; it loads them when something needs them:
 *  - a change of the outbox's (a write of the shopper's, or one restored from IndexedDB) enters the mutation
 *    cache, or another tab says something about the outbox;
 *  - the persisted cache is back with something for the outbox (what the service worker sent meanwhile);
 *  - an undo.
 * A page that never writes never loads them. Until they are there nothing is lost: every event of the mutation
 * cache and every other tab's message is kept and gone through by the outbox first, as if it had been there
 * (`EarlyOutbox`); a write is queued as it would be (TanStack pauses it offline, the persister keeps it), only
 * not coalesced with the waiting ones (`prepare` says send), and nothing waiting is sent before the outbox
 * replays it (`resumePausedMutations` waits for it). A failed load is tried again at the next need.
 */
import { onlineManager, type QueryClient } from "@tanstack/react-query";
import { readToken } from "@/api/auth-storage";
import { workerSendsAtStart } from "./worker-log";
import type { EarlyCacheEvent, EarlyOutbox, Outbox } from "./outbox";
import type { Message } from "./tab-channel";
import type { OutboxSummary } from "./summary";
import type { OutboxPort } from "./outbox-context";
import {
  dropPersonalOnLogout,
  isWaiting,
  OUTBOX_CHANNEL_NAME,
  waitingChanges,
  type AnyMutation,
} from "./waiting";
import { isOnline } from "@/offline/signal/online-signal";

/** What the loaded module gives: the outbox, made with what happened meanwhile, and what starts with it. */
export interface OutboxModule {
  startOutbox(queryClient: QueryClient, early: EarlyOutbox): Outbox;
  /** Runs once the outbox is there and the persisted cache is back (Background Sync's page half). */
  afterRestore?(queryClient: QueryClient, outbox: Outbox): void;
}

export interface DeferredOutbox extends OutboxPort {
  /** The outbox, loaded if it is not yet. */
  load(): Promise<Outbox>;
  /** The outbox if it has loaded. */
  loaded(): Outbox | null;
  /**
   * The persisted cache is back: what waits is replayed (by one tab), and the module's `afterRestore` runs,
   * once the outbox is there; loads it if something waits.
   */
  cacheRestored(): void;
  /** Stops it and the outbox if it loaded (tests). */
  dispose(): void;
}

export function createDeferredOutbox(
  queryClient: QueryClient,
  importModule: () => Promise<OutboxModule>,
): DeferredOutbox {
  // TanStack's online manager starts as "online" and only listens to events: a page opened while offline
  // must start offline, or its writes would be sent (and fail) instead of being queued.
  onlineManager.setOnline(isOnline());
  const cache = queryClient.getMutationCache();
  const originalResume = queryClient.resumePausedMutations;
  const events: EarlyCacheEvent[] = [];
  const messages: Message[] = [];
  const summaryListeners = new Set<(s: OutboxSummary) => void>();
  let outbox: Outbox | null = null;
  let loading: Promise<Outbox> | null = null;
  let restored = false;
  let startedAfterRestore = false;
  let module: OutboxModule | null = null;
  let disposed = false;

  const hasPausedWaiting = () =>
    (cache.getAll() as AnyMutation[]).some((m) => isWaiting(m) && m.state.isPaused);

  const stopEvents = cache.subscribe((event) => {
    const m = event.mutation as AnyMutation | undefined;
    if (!m || m.meta?.offline !== true) return;
    events.push({ event, online: onlineManager.isOnline(), status: m.state.status });
    void load().catch(() => undefined);
  });
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(OUTBOX_CHANNEL_NAME);
  const onMessage = (e: MessageEvent<Message>) => {
    messages.push(e.data);
    void load().catch(() => undefined);
  };
  channel?.addEventListener("message", onMessage);
  // Logged out here or in another tab: the customer's waiting changes leave this tab, as the outbox does it.
  const logout = dropPersonalOnLogout(cache, readToken() !== null);

  // Until the outbox is there, a replay (TanStack's, on `online` or focus) waits for it: nothing waiting is
  // sent outside its lock and its send guard. As the outbox's own replay, it does nothing when nothing waits.
  queryClient.resumePausedMutations = () => {
    if (hasPausedWaiting())
      void load().then(
        (o) => o.replay(),
        () => undefined,
      );
    return Promise.resolve();
  };

  // A page shown again from the back-forward cache: what waits is sent, as at a start (where the browser has no
  // Background Sync, the page is the only sender). `online` and a page made visible come through TanStack.
  const onPageShow = (e: PageTransitionEvent) => {
    if (e.persisted) void queryClient.resumePausedMutations();
  };
  if (typeof window !== "undefined") window.addEventListener("pageshow", onPageShow);

  function startAfterRestore(o: Outbox) {
    if (!restored || startedAfterRestore || !module) return;
    startedAfterRestore = true;
    // App start: whatever waited in the outbox is replayed (by one tab) once the cache is back.
    void o.replay();
    module.afterRestore?.(queryClient, o);
  }

  function load(): Promise<Outbox> {
    if (outbox) return Promise.resolve(outbox);
    loading ??= importModule().then(
      (m) => {
        if (outbox) return outbox;
        if (disposed) throw new Error("The outbox was stopped");
        // The outbox takes over from here, in this same task: no event and no message falls between the two.
        stopEvents();
        logout.stop();
        channel?.removeEventListener("message", onMessage);
        queryClient.resumePausedMutations = originalResume;
        module = m;
        const created = m.startOutbox(queryClient, {
          events: events.splice(0),
          channel,
          messages: messages.splice(0),
          hadToken: logout.hadToken(),
        });
        outbox = created;
        created.subscribeSummary((s) => summaryListeners.forEach((l) => l(s)));
        startAfterRestore(created);
        return created;
      },
      (error: unknown) => {
        // Offline before the service worker had it, or a new build: tried again at the next need.
        loading = null;
        console.warn("The outbox could not be loaded", error);
        throw error;
      },
    );
    return loading;
  }

  return {
    load,
    loaded: () => outbox,
    cacheRestored() {
      restored = true;
      if (outbox) startAfterRestore(outbox);
      else if ((cache.getAll() as AnyMutation[]).some(isWaiting) || workerSendsAtStart.waiting())
        void load().catch(() => undefined);
    },
    // Not there yet: nothing to coalesce against that is known, so the write is sent (or queued) as it is.
    prepare: (mutationKey, variables) => outbox?.prepare(mutationKey, variables) ?? true,
    waiting: () => waitingChanges(cache),
    undo: (keys) =>
      load().then(
        (o) => o.undo(keys),
        () => false,
      ),
    subscribeSummary(listener) {
      summaryListeners.add(listener);
      return () => summaryListeners.delete(listener);
    },
    dispose() {
      disposed = true;
      if (typeof window !== "undefined") window.removeEventListener("pageshow", onPageShow);
      if (outbox) return outbox.dispose();
      stopEvents();
      logout.stop();
      channel?.removeEventListener("message", onMessage);
      channel?.close();
      queryClient.resumePausedMutations = originalResume;
    },
  };
}
