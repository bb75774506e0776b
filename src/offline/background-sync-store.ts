/*
 * Background Sync's two IndexedDB stores, as the page sees them (issue 18 item 5). The service worker
 * (sw/background-sync.ts) reads the same stores; the names and record shapes there must stay equal to these
 * (background-sync-store.test.ts checks the names).
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
import { createStore, delMany, entries } from "idb-keyval";
import { markDone, readDone } from "./done-keys";
import { noteWriteOver } from "./server-freshness";

export const BG_SYNC_TAG = "bicycle-shop-outbox";
export const BG_SYNC_REQUESTS_DB = "bicycle-shop-bg-sync";
export const BG_SYNC_REQUESTS_STORE = "requests";
export const BG_SYNC_LOG_DB = "bicycle-shop-bg-sync-log";
export const BG_SYNC_LOG_STORE = "sent";
/** The worker's message to open pages after it sent changes. */
export const BG_SYNC_MESSAGE = "bg-sync-sent";

export type SyncKind = "cart" | "wishlist" | "other";

/** A change the worker can send without the page: what it sends, with which key and credentials. */
export interface SyncRecord {
  v: 1;
  /** the Idempotency-Key made when the shopper acted */
  key: string;
  kind: SyncKind;
  /** what the change is about (a product name), for the summary */
  label: string | null;
  /** when the shopper made it: records are sent in this order */
  at: number;
  /**
   * The bearer token of the logged-in shopper who made it (null: a guest, by session cookie). The worker
   * cannot read localStorage, where the page keeps it (api/auth-storage.ts); it is sent in the
   * Authorization header, never in the URL, and leaves with the record (sent, or at logout).
   */
  token: string | null;
  /** the single request (URL below the origin, without `token=true`, which the worker adds with a token) */
  request: {
    method: "GET" | "POST" | "PUT" | "DELETE";
    url: string;
    body?: unknown;
    /** a 2xx reply carrying `error` is a refusal (true), or an answer to report as it is (false) */
    errorFieldRefuses: boolean;
  } | null;
  /** a cart change as `POST checkout/cart/batch` takes it (lines by product and variant) */
  batch?: unknown;
  /** a wishlist intent: the worker reads the list and toggles only where it differs */
  wishlist?: { productId: number; wanted: boolean };
}

/** What the worker did with a change. */
export interface SentEntry {
  key: string;
  kind: SyncKind;
  label: string | null;
  status: "synced" | "refused";
  message?: string;
  at: number;
}

let logStore: ReturnType<typeof createStore> | null = null;
const log = () => (logStore ??= createStore(BG_SYNC_LOG_DB, BG_SYNC_LOG_STORE));

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

let takenAtStart: SentEntry[] = [];

/** What the log held when the page opened (taken by the persister's restore), once. */
export function workerSendsAtStart(): SentEntry[] {
  const taken = takenAtStart;
  takenAtStart = [];
  return taken;
}

/** The persister's restore: the log is taken before the waiting changes are read back. */
export async function takeWorkerLogAtStart(): Promise<void> {
  if (!backgroundSyncSupported()) return;
  takenAtStart = [...takenAtStart, ...(await takeWorkerLog())];
}

/**
 * Takes the worker's log: what it sent is done from now on (never sent again by a page), and the entries
 * leave the log. Returns what this device had not yet seen settle. Without IndexedDB: nothing.
 */
export async function takeWorkerLog(): Promise<SentEntry[]> {
  if (typeof indexedDB === "undefined") return [];
  try {
    const all = (await entries(log())).map(([, v]) => v).filter(isSentEntry);
    if (!all.length) return [];
    const fresh = settleWorkerSends(all);
    await delMany(
      all.map((e) => e.key),
      log(),
    );
    return fresh;
  } catch (error) {
    console.warn("Could not read the background sync log", error);
    return [];
  }
}
