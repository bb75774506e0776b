/*
 * Background Sync's two IndexedDB stores, as the page sees them (issue 18 item 5). The service worker
 * (sw/background-sync.ts) reads the same stores, by the names and record shapes in background-sync-records.ts.
 *
 * - `bicycle-shop-bg-sync` / `requests`: one plain request record per waiting change, by Idempotency-Key,
 *   written by the page when a change waits offline (background-sync.ts) and removed when the change is
 *   sent, by the page or by the worker.
 * - `bicycle-shop-bg-sync-log` / `sent`: what the worker sent (synced or refused), by Idempotency-Key. The
 *   page takes it when it opens, or when the worker says it sent something: those changes are done
 *   (done-keys.ts), so no tab sends them again, and their entries leave the log.
 *
 * idb-keyval opens one object store per database, hence two databases.
 */
import { delMany, entries, type UseStore } from "idb-keyval";
import { reopeningStore } from "@/offline/shared/idb-store";
import { markDone, readDone } from "./done-keys";
import { noteWriteOver } from "@/offline/signal/server-freshness";
import { BG_SYNC_LOG_DB, BG_SYNC_LOG_STORE, type SentEntry } from "@/offline/shared/background-sync-records";

/** The page's one connection to the log (opened on first use, reopened when the browser drops it). */
const logStore: UseStore = reopeningStore(BG_SYNC_LOG_DB, BG_SYNC_LOG_STORE);

function isSentEntry(v: unknown): v is SentEntry {
  if (typeof v !== "object" || v === null) return false;
  const e = v as Partial<SentEntry>;
  return typeof e.key === "string" && (e.status === "synced" || e.status === "refused");
}

/**
 * Marks the given worker sends done in this tab and every other (done-keys.ts, server-freshness.ts), and
 * returns the ones this device had not yet seen settle.
 */
export function settleWorkerSends(sent: readonly SentEntry[]): SentEntry[] {
  const done = readDone();
  const fresh = sent.filter((e) => !(e.key in done));
  markDone(sent.map((e) => e.key));
  for (const e of sent) if (e.kind === "cart" || e.kind === "wishlist") noteWriteOver(e.kind, e.key, true);
  return fresh;
}

/** One-off Background Sync is there (Chromium); elsewhere the page alone replays, as before. */
export function backgroundSyncSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "SyncManager" in window &&
    typeof navigator !== "undefined" &&
    "serviceWorker" in navigator &&
    typeof indexedDB !== "undefined"
  );
}

/** What the worker's log held when the page opened, from the persister's restore until Background Sync's page half. */
export interface WorkerSendsAtStart {
  /** The persister's restore: the log is taken before the waiting changes are read back. */
  take(): Promise<void>;
  /** Whether something taken at the start waits for Background Sync's page half (without handing it over). */
  waiting(): boolean;
  /** Hands what was taken at the start over, once. */
  handOver(): SentEntry[];
}

export function createWorkerSendsAtStart(): WorkerSendsAtStart {
  let taken: SentEntry[] = [];
  return {
    async take() {
      if (!backgroundSyncSupported()) return;
      taken = [...taken, ...(await takeWorkerLog())];
    },
    waiting: () => taken.length > 0,
    handOver() {
      const out = taken;
      taken = [];
      return out;
    },
  };
}

/**
 * The page's one: a page opens once, and the persister that takes the log (appPersister) and the outbox that
 * hands it over are the page's. Handing over empties it, so a test starts from what it took itself.
 */
export const workerSendsAtStart: WorkerSendsAtStart = createWorkerSendsAtStart();

/**
 * Takes the worker's log: what it sent is done from now on (never sent again by a page), and the entries
 * leave the log. Returns what this device had not yet seen settle. Without IndexedDB: nothing.
 */
export async function takeWorkerLog(): Promise<SentEntry[]> {
  if (typeof indexedDB === "undefined") return [];
  try {
    const all = (await entries(logStore)).map(([, v]) => v).filter(isSentEntry);
    if (!all.length) return [];
    const fresh = settleWorkerSends(all);
    await delMany(
      all.map((e) => e.key),
      logStore,
    );
    return fresh;
  } catch (error) {
    console.warn("Could not read the background sync log", error);
    return [];
  }
}
