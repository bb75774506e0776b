import { STOCK_LOG_KEEP_MS } from "../db/migrations/0015-stock-writes-lock-their-rows";
import type { Store } from "../db/store";

const DAY = 24 * 60 * 60 * 1000;

/** How long rows that only grow are kept (security review N17). */
export const KEPT = {
  /** log-in tokens past their expiry or revocation */
  tokensMs: DAY,
  /** one-time codes past their expiry (the send limits read the recent ones) */
  codesMs: DAY,
  /** guest carts nobody touched, and carts already turned into orders */
  guestCartsMs: 30 * DAY,
  /** contact requests (the shop's inbox is the SMTP/CRM side, issue 38) */
  contactMs: 365 * DAY,
  /** password reset links past their hour (or used), and newsletter sign-ups never confirmed */
  mailLinksMs: DAY,
  /** the stock log and the facet log every instance reads (migrations 0015, 0021) */
  stockLogMs: STOCK_LOG_KEEP_MS,
} as const;

/**
 * Deletes what the shop no longer needs: expired or revoked log-in tokens, expired one-time codes, guest carts
 * untouched for 30 days (their lines and addresses go with them), carts turned into orders 30 days ago, contact
 * requests older than a year, stock and facet log rows older than an hour, password reset links and unconfirmed
 * newsletter sign-ups a day past their expiry. Answers how many rows of each went.
 */
export async function sweepOldRows(store: Store, now = Date.now()): Promise<Record<string, number>> {
  const before = (ms: number) => new Date(now - ms).toISOString();
  const tokens = await store.run(
    store.qb
      .deleteFrom("auth_tokens")
      .where((eb) =>
        eb.or([eb("expires_at", "<=", before(KEPT.tokensMs)), eb("revoked_at", "<=", before(KEPT.tokensMs))]),
      ),
  );
  const codes = await store.run(
    store.qb.deleteFrom("otp_codes").where("expires_at", "<=", before(KEPT.codesMs)),
  );
  const carts = await store.run(
    store.qb
      .deleteFrom("carts")
      .where("updated_at", "<=", before(KEPT.guestCartsMs))
      .where((eb) => eb.or([eb("customer_id", "is", null), eb("is_active", "=", 0)])),
  );
  const contact = await store.run(
    store.qb.deleteFrom("contact_requests").where("created_at", "<=", before(KEPT.contactMs)),
  );
  const stockLog = await store.run(store.qb.deleteFrom("stock_log").where("at", "<", now - KEPT.stockLogMs));
  const facetLog = await store.run(store.qb.deleteFrom("facet_log").where("at", "<", now - KEPT.stockLogMs));
  const resets = await store.run(
    store.qb
      .deleteFrom("password_resets")
      .where((eb) =>
        eb.or([
          eb("expires_at", "<=", before(KEPT.mailLinksMs)),
          eb("used_at", "<=", before(KEPT.mailLinksMs)),
        ]),
      ),
  );
  const unconfirmed = await store.run(
    store.qb
      .deleteFrom("subscribers")
      .where("confirmed_at", "is", null)
      .where("confirm_expires_at", "<=", before(KEPT.mailLinksMs)),
  );
  return {
    tokens: tokens.changes,
    codes: codes.changes,
    carts: carts.changes,
    contact: contact.changes,
    stockLog: stockLog.changes,
    facetLog: facetLog.changes,
    resets: resets.changes,
    unconfirmed: unconfirmed.changes,
  };
}

/** The advisory lock (PostgreSQL) that lets one instance sweep at a time. */
const SWEEP_LOCK = 36_017;

/**
 * One sweep by whichever instance gets there first: on PostgreSQL inside a transaction holding an advisory
 * lock, so instances that start theirs meanwhile skip it (null) instead of deleting the same rows side by
 * side; SQLite has one writer at a time anyway.
 */
export async function sweepOnce(store: Store, now = Date.now()): Promise<Record<string, number> | null> {
  if (store.dialect !== "postgres") return await sweepOldRows(store, now);
  return await store.tx(async () => {
    const [row] = await store.raw<{ ok: boolean }>("select pg_try_advisory_xact_lock(?) as ok", [SWEEP_LOCK]);
    return row?.ok ? await sweepOldRows(store, now) : null;
  });
}
