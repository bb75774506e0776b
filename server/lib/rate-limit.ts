import { sql } from "kysely";
import type { Store } from "../db/store";
import { HttpError } from "./http";

export interface RateRule {
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counters kept in the database (table `rate_limits`), so every instance of the shop counts
 * the same hits: a client cannot multiply its budget by the number of instances behind the load balancer.
 * One statement per hit: an upsert that opens a new window when the last one ended.
 */
export class RateLimiter {
  private takes = 0;

  constructor(
    private readonly store: Store,
    private readonly name: string,
    private readonly rule: RateRule,
  ) {}

  /** hits allowed per window */
  get limit(): number {
    return this.rule.limit;
  }

  async take(key: string, now = Date.now()): Promise<{ ok: boolean; hits: number; retryAfter: number }> {
    if (++this.takes % 1000 === 0)
      await this.store.run(this.store.qb.deleteFrom("rate_limits").where("reset_at", "<=", now));
    const expired = sql<boolean>`rate_limits.reset_at <= ${now}`;
    const row = await this.store.first(
      this.store.qb
        .insertInto("rate_limits")
        .values({ key: `${this.name}:${key}`, hits: 1, reset_at: now + this.rule.windowMs })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({
            hits: sql<number>`case when ${expired} then 1 else rate_limits.hits + 1 end`,
            reset_at: sql<number>`case when ${expired} then excluded.reset_at else rate_limits.reset_at end`,
          }),
        )
        .returning(["hits", "reset_at"]),
    );
    const hits = Number(row?.hits ?? 1);
    const resetAt = Number(row?.reset_at ?? now + this.rule.windowMs);
    return { ok: hits <= this.rule.limit, hits, retryAfter: Math.ceil((resetAt - now) / 1000) };
  }

  /** Takes back one hit of `key`'s current window (an attempt counted before it ran that turned out not to count). */
  async refund(key: string, now = Date.now()): Promise<void> {
    await this.store.run(
      this.store.qb
        .updateTable("rate_limits")
        .set({ hits: sql<number>`hits - 1` })
        .where("key", "=", `${this.name}:${key}`)
        .where("hits", ">", 0)
        .where("reset_at", ">", now),
    );
  }

  /** Marks `key` as seen for one window from now (a window that restarts at every mark). */
  async remember(key: string, now = Date.now()): Promise<void> {
    await this.store.run(
      this.store.qb
        .insertInto("rate_limits")
        .values({ key: `${this.name}:${key}`, hits: 1, reset_at: now + this.rule.windowMs })
        .onConflict((oc) => oc.column("key").doUpdateSet({ hits: 1, reset_at: now + this.rule.windowMs })),
    );
  }

  /** Whether `key` was marked by `remember` within the window. */
  async seen(key: string, now = Date.now()): Promise<boolean> {
    const h = await this.store.first(
      this.store.qb.selectFrom("rate_limits").select("reset_at").where("key", "=", `${this.name}:${key}`),
    );
    return Boolean(h && Number(h.reset_at) > now);
  }

  /** Whether `key` is already over its limit, without counting a hit. */
  async blocked(key: string, now = Date.now()): Promise<{ blocked: boolean; retryAfter: number }> {
    const h = await this.store.first(
      this.store.qb
        .selectFrom("rate_limits")
        .select(["hits", "reset_at"])
        .where("key", "=", `${this.name}:${key}`),
    );
    if (!h || Number(h.reset_at) <= now) return { blocked: false, retryAfter: 0 };
    return {
      blocked: h.hits >= this.rule.limit,
      retryAfter: Math.ceil((Number(h.reset_at) - now) / 1000),
    };
  }

  async reset(): Promise<void> {
    await this.store.run(this.store.qb.deleteFrom("rate_limits").where("key", "like", `${this.name}:%`));
  }
}

export interface RateLimitConfig {
  /** login attempts per client address (an IPv4 address or an IPv6 /64: context.ts `addressKey`) */
  login: RateRule;
  /** failed logins per account and client address */
  loginFailuresPerAccount: RateRule;
  /**
   * failed logins per account from all addresses together; beyond it only addresses that logged into the
   * account before may try, each within its own limit (a third party cannot lock the owner out: review N10)
   */
  loginFailuresPerAccountGlobal: RateRule;
  /** how long a client address that logged into an account stays known to it (`limit` unused) */
  knownLoginClients: RateRule;
  register: RateRule;
  otpSendPerPhone: RateRule;
  /** one-time-code texts sent by the whole shop (SMS_HOURLY_CAP; security review N9) */
  otpSendGlobal: RateRule;
  otp: RateRule;
  contact: RateRule;
  /** profile updates that hash a password or check the current one, per account */
  passwordChange: RateRule;
  /** wrong current passwords per account (a stolen token cannot keep guessing: security review N5) */
  currentPasswordFailures: RateRule;
  /** reviews per client address; guests' reviews per product (security review N12: no shop-wide cap) */
  reviews: RateRule;
  reviewsPerProduct: RateRule;
  /** coupon attempts per client address */
  coupon: RateRule;
  /** guest writes that create a new cart session, per client address */
  guestSessions: RateRule;
  /**
   * reset and confirmation links mailed to one e-mail address (nobody can fill a stranger's inbox through
   * the shop); past it the reply stays the same and no mail goes
   */
  mailPerAddress: RateRule;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const PRODUCTION_RATE_LIMITS: RateLimitConfig = {
  login: { limit: 10, windowMs: MINUTE },
  loginFailuresPerAccount: { limit: 5, windowMs: 15 * MINUTE },
  loginFailuresPerAccountGlobal: { limit: 20, windowMs: 15 * MINUTE },
  knownLoginClients: { limit: 1, windowMs: 90 * DAY },
  register: { limit: 5, windowMs: MINUTE },
  otpSendPerPhone: { limit: 3, windowMs: 10 * MINUTE },
  otpSendGlobal: { limit: 200, windowMs: HOUR },
  otp: { limit: 20, windowMs: MINUTE },
  contact: { limit: 5, windowMs: MINUTE },
  passwordChange: { limit: 5, windowMs: 15 * MINUTE },
  currentPasswordFailures: { limit: 10, windowMs: DAY },
  reviews: { limit: 5, windowMs: 10 * MINUTE },
  reviewsPerProduct: { limit: 30, windowMs: 10 * MINUTE },
  coupon: { limit: 10, windowMs: 10 * MINUTE },
  guestSessions: { limit: 30, windowMs: 10 * MINUTE },
  mailPerAddress: { limit: 3, windowMs: HOUR },
};

const HIGH: RateRule = { limit: 100_000, windowMs: MINUTE };

/** Test mode: the journeys share one client address; server tests pass the real rules they check. */
export const TEST_RATE_LIMITS: RateLimitConfig = {
  login: HIGH,
  loginFailuresPerAccount: HIGH,
  loginFailuresPerAccountGlobal: HIGH,
  knownLoginClients: PRODUCTION_RATE_LIMITS.knownLoginClients,
  register: HIGH,
  otpSendPerPhone: HIGH,
  otpSendGlobal: HIGH,
  otp: HIGH,
  contact: HIGH,
  passwordChange: HIGH,
  currentPasswordFailures: HIGH,
  reviews: HIGH,
  reviewsPerProduct: HIGH,
  coupon: HIGH,
  guestSessions: HIGH,
  mailPerAddress: HIGH,
};

/** Counts a hit for `key`; over the limit it answers 429 with Retry-After. */
export async function enforce(
  c: { header: (name: string, value: string) => void },
  limiter: RateLimiter,
  key: string,
): Promise<void> {
  const hit = await limiter.take(key);
  if (!hit.ok) {
    c.header("Retry-After", String(hit.retryAfter));
    throw new HttpError(429, { message: TOO_MANY_REQUESTS, error: TOO_MANY_REQUESTS });
  }
}

export const TOO_MANY_REQUESTS = "Too many requests, please try again later.";

/**
 * A password check counted before it runs, so that concurrent guesses on any instance each take a hit (a read
 * before the write lets a burst through, as security review N3 found for codes): every counter is taken
 * first and given back when the check passes, is refused or fails to run; only wrong passwords stay counted.
 * When a counter is over its limit the attempt is refused with 429, unless `admit` (given every counter's
 * state, in order) lets it through.
 */
export async function countedPasswordCheck(
  c: { header: (name: string, value: string) => void },
  counters: [RateLimiter, string][],
  check: () => Promise<boolean>,
  admit: (state: { ok: boolean; hits: number }[]) => Promise<boolean> = async () => false,
): Promise<boolean> {
  const taken = await Promise.all(
    counters.map(async ([limiter, key]) => ({ limiter, key, ...(await limiter.take(key)) })),
  );
  const giveBack = () => Promise.all(taken.map((t) => t.limiter.refund(t.key)));
  const over = taken.filter((t) => !t.ok);
  if (over.length && !(await admit(taken))) {
    await giveBack();
    c.header("Retry-After", String(Math.max(...over.map((t) => t.retryAfter))));
    throw new HttpError(429, { message: TOO_MANY_REQUESTS, error: TOO_MANY_REQUESTS });
  }
  let ok: boolean;
  try {
    ok = await check();
  } catch (error) {
    await giveBack();
    throw error;
  }
  if (ok) await giveBack();
  return ok;
}
