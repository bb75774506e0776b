/*
 * What the page and the service worker share about Background Sync (issue 18 item 5): the sync tag, the
 * outbox's Web Lock, the IndexedDB names, the worker's message and the record shapes. The page's side is
 * background-sync-store.ts and background-sync.ts, the worker's sw/background-sync.ts; both import these, so
 * they cannot drift apart. Names and types only: the worker's bundle takes nothing else from here.
 */

/** The outbox's Web Lock: a page replaying or the worker sending holds it, so only one sends at a time. */
export const OUTBOX_LOCK_NAME = "bicycle-shop-outbox";
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
