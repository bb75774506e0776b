/*
 * Background Sync, the page's half (issue 18 item 5). Where the browser has one-off Background Sync
 * (`SyncManager`: Chromium), every change waiting in the outbox also gets a plain request record in IndexedDB
 * (background-sync-store.ts) that the service worker can send by itself (sw/background-sync.ts), and the page
 * asks for a `sync` event: the browser fires it when the connection is back, also after every tab was closed.
 * A record carries the change's own Idempotency-Key, so a change is applied once whether the page, the worker
 * or both send it; the two never send at the same moment (the worker takes the outbox's Web Lock).
 *
 * Records follow the outbox: written when a change waits (paused offline, or cut by a lost connection), and
 * removed by the tab that held it when the change settles or is dropped (coalesced away, undone, logout).
 * What the worker sent is taken from its log when a page opens (persister.ts) or when the worker says so
 * (a message to open pages): done, not sent again; the features' queries are read again, and one summary says
 * what synced and what the server refused. Without SyncManager nothing here runs: the page replays as before.
 */
import type { Mutation, MutationKey, QueryClient } from "@tanstack/react-query";
import { delMany, entries, setMany } from "idb-keyval";
import { reopeningStore } from "@/offline/shared/idb-store";
import { readToken, subscribeAuth } from "@/api/auth-storage";
import { startsWithKey } from "@/offline/outbox/change-queue";
import {
  BG_SYNC_MESSAGE,
  BG_SYNC_REQUESTS_DB,
  BG_SYNC_REQUESTS_STORE,
  BG_SYNC_TAG,
  type SentEntry,
  type SyncRecord,
} from "@/offline/shared/background-sync-records";
import {
  backgroundSyncSupported,
  settleWorkerSends,
  takeWorkerLog,
  workerSendsAtStart,
} from "@/offline/outbox/worker-log";
import type { Outbox } from "@/offline/outbox/outbox";
import type { OutboxSummary } from "@/offline/outbox/summary";
import type { OutboxPolicy } from "@/offline/outbox/outbox-policy";

type AnyMutation = Mutation<unknown, Error, unknown, unknown>;

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

const record = (v: Omit<SyncRecord, "v">): SyncRecord => ({ v: 1, ...v });

/**
 * The record the worker sends for a waiting change, made by the policy of the feature that owns it
 * (outbox-policy.ts), or null for a change it cannot send alone (no key; no policy that makes records; a
 * wishlist change without a logged-in shopper). `token`: the logged-in shopper's, as the page would send it.
 */
export function toSyncRecord(
  policies: readonly OutboxPolicy[],
  mutationKey: MutationKey | undefined,
  variables: unknown,
  at: number,
  token: string | null,
): SyncRecord | null {
  if (typeof variables !== "object" || variables === null) return null;
  const v = variables as { idempotencyKey?: unknown; label?: unknown };
  if (typeof v.idempotencyKey !== "string") return null;
  const policy = mutationKey ? policies.find((p) => startsWithKey(mutationKey, p.mutationKey)) : undefined;
  const rec = policy?.syncRecord?.(
    { mutationKey, variables },
    { key: v.idempotencyKey, label: typeof v.label === "string" ? v.label : null, at, token },
  );
  return rec ? record(rec) : null;
}

/** The summary toast's shape for what the worker sent. */
export function summaryOf(sent: readonly SentEntry[]): OutboxSummary {
  return {
    synced: sent.filter((e) => e.status === "synced").length,
    syncedKeys: sent.filter((e) => e.status === "synced").map((e) => e.key),
    refused: sent
      .filter((e) => e.status === "refused")
      .map((e) => ({ label: e.label, message: e.message ?? "" })),
    priceChanged: [],
  };
}

const isWaitingChange = (m: AnyMutation) => m.meta?.offline === true && m.state.status === "pending";

/** Starts recording the outbox's waiting changes for the worker; returns the stop function. */
export function startBackgroundSync(
  queryClient: QueryClient,
  outbox: Outbox,
  policies: readonly OutboxPolicy[],
): () => void {
  if (!backgroundSyncSupported()) return () => undefined;
  const cache = queryClient.getMutationCache();
  const store = reopeningStore(BG_SYNC_REQUESTS_DB, BG_SYNC_REQUESTS_STORE);
  /** the records this tab holds, as last written (JSON), by key */
  let held = new Map<string, string>();
  let writing: Promise<void> = Promise.resolve();
  let scheduled = false;

  const askForSync = () =>
    void navigator.serviceWorker
      .getRegistration()
      .then((reg) => (reg as SyncRegistration | undefined)?.sync?.register(BG_SYNC_TAG))
      .catch(() => undefined);

  async function write(): Promise<void> {
    scheduled = false;
    const token = readToken();
    const wanted = new Map<string, SyncRecord>();
    for (const m of cache.getAll() as AnyMutation[]) {
      if (!isWaitingChange(m)) continue;
      const key = (m.state.variables as { idempotencyKey?: unknown } | undefined)?.idempotencyKey;
      // A change waits for the worker once it has waited offline (paused, or cut); one being sent online
      // for the first time is the page's alone.
      if (typeof key !== "string" || !(m.state.isPaused || m.state.failureCount > 0 || held.has(key)))
        continue;
      const rec = toSyncRecord(
        policies,
        m.options.mutationKey,
        m.state.variables,
        m.state.submittedAt,
        token,
      );
      if (rec) wanted.set(key, rec);
    }
    const puts = [...wanted].filter(([k, r]) => held.get(k) !== JSON.stringify(r));
    const gone = [...held.keys()].filter((k) => !wanted.has(k));
    if (!puts.length && !gone.length) return;
    try {
      if (puts.length) await setMany(puts, store);
      if (gone.length) await delMany(gone, store);
      held = new Map([...wanted].map(([k, r]) => [k, JSON.stringify(r)]));
      if (puts.length) askForSync();
    } catch (error) {
      console.warn("Could not keep the changes for background sync", error);
    }
  }
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    writing = writing.then(write, write);
  };

  const unsubscribeCache = cache.subscribe((event) => {
    const m = event.mutation as AnyMutation | undefined;
    if (m?.meta?.offline === true) schedule();
  });

  // Logged out (here or in another tab): no record keeps a token, whichever tab wrote it.
  let hadToken = readToken() !== null;
  const unsubscribeAuth = subscribeAuth(() => {
    const hasToken = readToken() !== null;
    if (hadToken && !hasToken)
      writing = writing.then(async () => {
        const all = await entries<string, SyncRecord>(store).catch(() => []);
        await delMany(
          all.filter(([, r]) => r?.token).map(([k]) => k),
          store,
        ).catch(() => undefined);
      });
    hadToken = hasToken;
    schedule();
  });

  // An undone change's record goes before the undo lets go of the outbox's lock: the worker, which takes that
  // lock to send, never finds it (the scheduled write below would remove it too, but after the lock is free).
  // Queued after any write under way, which may have read the change before it was undone.
  const stopUndo = outbox.onUndo((keys) => {
    const removal = writing.then(async () => {
      await delMany([...keys], store);
      held = new Map([...held].filter(([k]) => !keys.includes(k)));
    });
    writing = removal.catch(() => undefined);
    return removal;
  });

  const settle = (sent: readonly SentEntry[], report: boolean) => {
    if (!sent.length) return;
    outbox.settledOutside(sent);
    if (report) outbox.report(summaryOf(sent));
  };

  // What the worker sent before this page opened (taken by the persister's restore).
  settle(workerSendsAtStart.handOver(), true);
  schedule();

  // The worker sent changes while this page is open: every open tab drops them; the visible one reports.
  const onMessage = (e: MessageEvent) => {
    const data = e.data as { type?: unknown; sent?: unknown } | null;
    if (data?.type !== BG_SYNC_MESSAGE || !Array.isArray(data.sent)) return;
    const fresh = settleWorkerSends(data.sent as SentEntry[]);
    settle(data.sent as SentEntry[], false);
    if (document.visibilityState === "visible") outbox.report(summaryOf(fresh));
    void takeWorkerLog();
  };
  navigator.serviceWorker.addEventListener("message", onMessage);
  navigator.serviceWorker.startMessages();

  return () => {
    stopUndo();
    unsubscribeCache();
    unsubscribeAuth();
    navigator.serviceWorker.removeEventListener("message", onMessage);
  };
}
