/*
 * The tables of the shop's working state (rate limits, the catalogue version, the stock and facet logs, leases, the
 * mail queue) and of the showroom and the counter, the later migrations' tables: part of `DB` in `schema.ts`.
 */
import type { Generated } from "kysely";

/** One cart hand-over the counter imported, by its key (migration 0019). */
export interface CounterImportTable {
  key: string;
  cart_id: number | null;
  staff_id: number | null;
  /** the import's reply (JSON), answered again to every later scan of the code */
  reply: string;
  created_at: string;
}

export interface RateLimitTable {
  key: string;
  hits: number;
  reset_at: number;
}

export interface CatalogVersionTable {
  id: number;
  /** bumped by every catalogue change but writes of stock and sale counts (migrations 0006, 0015) */
  version: number;
  /** bumped by every catalogue change but those to stock and sale counts (migration 0012) */
  list_version: number;
}

/** One row per product whose stock or sale count a transaction wrote (migration 0015). */
export interface StockLogTable {
  id: Generated<number>;
  /** PostgreSQL: the writing transaction's id (xid8, as text); SQLite: null */
  xid: string | null;
  product_id: number;
  /** epoch ms */
  at: number;
}

/** One row per product whose facet inputs a transaction wrote (migration 0023); no product: every product. */
export interface FacetLogTable {
  id: Generated<number>;
  /** PostgreSQL: the writing transaction's id (xid8, as text); SQLite: null */
  xid: string | null;
  product_id: number | null;
  /** epoch ms */
  at: number;
}

/** A test ride booked on the product page (migration 0020). */
export interface TestRideTable {
  id: Generated<number>;
  /** the Idempotency-Key it came with (unique) */
  request_key: string;
  product_id: number;
  size: string;
  /** `YYYY-MM-DD` */
  ride_date: string;
  slot: string;
  email: string;
  customer_id: number | null;
  language: string;
  created_at: string;
}

/** A request to hear when a size is back (migration 0020); `notified_at` once mailed. */
export interface StockAlertTable {
  id: Generated<number>;
  request_key: string;
  product_id: number;
  variant_id: number | null;
  size: string;
  email: string;
  customer_id: number | null;
  language: string;
  notified_at: string | null;
  created_at: string;
}

/** One e-mail to send, sent, or given up (migration 0021, `server/lib/mail-queue.ts`). */
export interface MailQueueTable {
  id: Generated<number>;
  kind: string;
  recipient: string;
  subject: string;
  body: string;
  reply_to: string | null;
  /** `waiting`, `sent` or `failed` (given up) */
  state: string;
  attempts: Generated<number>;
  /** epoch ms: when a waiting message may be tried next (or when its claim lapses) */
  due_at: number;
  /** the claim of the worker sending it now; null when none */
  claim: string | null;
  last_error: string | null;
  created_at: string;
  /** when it was sent or given up */
  done_at: string | null;
}

/** A job one instance holds at a time, until `until_ms` (migration 0021). */
export interface LeaseTable {
  name: string;
  holder: string;
  until_ms: number;
}
