import { randomUUID } from "node:crypto";
import type { Compilable } from "kysely";
import { STOCK_LOG_KEEP_MS } from "../db/migrations/0015-stock-writes-lock-their-rows";
import type { Store } from "../db/store";
import { releaseLease, takeLease } from "./leases";

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
  /** the stock log and the facet log every instance reads (migrations 0015, 0023) */
  stockLogMs: STOCK_LOG_KEEP_MS,
  /** mail sent (the queue's record that it went; its text holds links, which are credentials) */
  sentMailMs: 7 * DAY,
  /** mail given up after its tries (for an operator to look at) */
  failedMailMs: 30 * DAY,
} as const;

/**
 * Rows one statement deletes at most. Each batch is a statement of its own (its own transaction), so a sweep
 * of a million old rows never holds their locks together, nor runs into the statement timeout.
 */
export const SWEEP_BATCH = 500;

/**
 * Deletes what the shop no longer needs: expired or revoked log-in tokens, expired one-time codes, guest carts
 * untouched for 30 days (their lines and addresses go with them), carts turned into orders 30 days ago, contact
 * requests older than a year, stock and facet log rows older than an hour, password reset links and unconfirmed
 * newsletter sign-ups a day past their expiry, sent mail after a week and mail given up after 30 days. Each in
 * batches of `batch` rows (`delete … where id in (select id … limit batch)`) until a batch comes back short.
 * Answers how many rows of each went.
 */
export async function sweepOldRows(
  store: Store,
  now = Date.now(),
  batch = SWEEP_BATCH,
): Promise<Record<string, number>> {
  const before = (ms: number) => new Date(now - ms).toISOString();
  const qb = store.qb;
  const inBatches = async (build: (limit: number) => Compilable<unknown>) => {
    let total = 0;
    for (;;) {
      const { changes } = await store.run(build(batch));
      total += changes;
      if (changes < batch) return total;
    }
  };
  const tokens = await inBatches((limit) =>
    qb.deleteFrom("auth_tokens").where(
      "id",
      "in",
      qb
        .selectFrom("auth_tokens")
        .select("id")
        .where((eb) =>
          eb.or([
            eb("expires_at", "<=", before(KEPT.tokensMs)),
            eb("revoked_at", "<=", before(KEPT.tokensMs)),
          ]),
        )
        .limit(limit),
    ),
  );
  const codes = await inBatches((limit) =>
    qb
      .deleteFrom("otp_codes")
      .where(
        "id",
        "in",
        qb.selectFrom("otp_codes").select("id").where("expires_at", "<=", before(KEPT.codesMs)).limit(limit),
      ),
  );
  // A cart's lines and addresses go with it (foreign keys on delete cascade).
  const carts = await inBatches((limit) =>
    qb.deleteFrom("carts").where(
      "id",
      "in",
      qb
        .selectFrom("carts")
        .select("id")
        .where("updated_at", "<=", before(KEPT.guestCartsMs))
        .where((eb) => eb.or([eb("customer_id", "is", null), eb("is_active", "=", 0)]))
        .limit(limit),
    ),
  );
  const contact = await inBatches((limit) =>
    qb
      .deleteFrom("contact_requests")
      .where(
        "id",
        "in",
        qb
          .selectFrom("contact_requests")
          .select("id")
          .where("created_at", "<=", before(KEPT.contactMs))
          .limit(limit),
      ),
  );
  const stockLog = await inBatches((limit) =>
    qb.deleteFrom("stock_log").where(
      "id",
      "in",
      qb
        .selectFrom("stock_log")
        .select("id")
        .where("at", "<", now - KEPT.stockLogMs)
        .limit(limit),
    ),
  );
  const facetLog = await inBatches((limit) =>
    qb.deleteFrom("facet_log").where(
      "id",
      "in",
      qb
        .selectFrom("facet_log")
        .select("id")
        .where("at", "<", now - KEPT.stockLogMs)
        .limit(limit),
    ),
  );
  const resets = await inBatches((limit) =>
    qb.deleteFrom("password_resets").where(
      "id",
      "in",
      qb
        .selectFrom("password_resets")
        .select("id")
        .where((eb) =>
          eb.or([
            eb("expires_at", "<=", before(KEPT.mailLinksMs)),
            eb("used_at", "<=", before(KEPT.mailLinksMs)),
          ]),
        )
        .limit(limit),
    ),
  );
  const unconfirmed = await inBatches((limit) =>
    qb
      .deleteFrom("subscribers")
      .where(
        "id",
        "in",
        qb
          .selectFrom("subscribers")
          .select("id")
          .where("confirmed_at", "is", null)
          .where("confirm_expires_at", "<=", before(KEPT.mailLinksMs))
          .limit(limit),
      ),
  );
  const mail = await inBatches((limit) =>
    qb.deleteFrom("mail_queue").where(
      "id",
      "in",
      qb
        .selectFrom("mail_queue")
        .select("id")
        .where((eb) =>
          eb.or([
            eb.and([eb("state", "=", "sent"), eb("done_at", "<=", before(KEPT.sentMailMs))]),
            eb.and([eb("state", "=", "failed"), eb("done_at", "<=", before(KEPT.failedMailMs))]),
          ]),
        )
        .limit(limit),
    ),
  );
  return { tokens, codes, carts, contact, stockLog, facetLog, resets, unconfirmed, mail };
}

/** The lease (migration 0021) that lets one instance sweep at a time. */
export const SWEEP_LEASE = "sweep";
/** How long a sweep may hold its lease: a sweeper that died gives way after it. */
export const SWEEP_LEASE_MS = 15 * 60_000;

/**
 * One sweep by whichever instance gets there first: it takes the sweep's lease (a conditional update), so
 * instances that start theirs meanwhile skip it (null) instead of deleting the same rows side by side; the
 * deletes themselves are short batches outside any long transaction.
 */
export async function sweepOnce(
  store: Store,
  now = Date.now(),
  batch = SWEEP_BATCH,
): Promise<Record<string, number> | null> {
  const holder = randomUUID();
  if (!(await takeLease(store, SWEEP_LEASE, holder, SWEEP_LEASE_MS, now))) return null;
  try {
    return await sweepOldRows(store, now, batch);
  } finally {
    await releaseLease(store, SWEEP_LEASE, holder);
  }
}
