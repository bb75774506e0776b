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

  async take(key: string, now = Date.now()): Promise<{ ok: boolean; retryAfter: number }> {
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
    return { ok: hits <= this.rule.limit, retryAfter: Math.ceil((resetAt - now) / 1000) };
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
  /** login attempts per client address */
  login: RateRule;
  /** failed logins per account and client address */
  loginFailuresPerAccount: RateRule;
  /** failed logins per account from all addresses together */
  loginFailuresPerAccountGlobal: RateRule;
  register: RateRule;
  otpSendPerPhone: RateRule;
  otp: RateRule;
  contact: RateRule;
  /** profile updates that hash a password, per account */
  passwordChange: RateRule;
  /** reviews per client address, and for the whole shop */
  reviews: RateRule;
  reviewsGlobal: RateRule;
  /** coupon attempts per client address */
  coupon: RateRule;
  /** guest writes that create a new cart session, per client address */
  guestSessions: RateRule;
}

const MINUTE = 60_000;

export const PRODUCTION_RATE_LIMITS: RateLimitConfig = {
  login: { limit: 10, windowMs: MINUTE },
  loginFailuresPerAccount: { limit: 5, windowMs: 15 * MINUTE },
  loginFailuresPerAccountGlobal: { limit: 20, windowMs: 15 * MINUTE },
  register: { limit: 5, windowMs: MINUTE },
  otpSendPerPhone: { limit: 3, windowMs: 10 * MINUTE },
  otp: { limit: 20, windowMs: MINUTE },
  contact: { limit: 5, windowMs: MINUTE },
  passwordChange: { limit: 5, windowMs: 15 * MINUTE },
  reviews: { limit: 5, windowMs: 10 * MINUTE },
  reviewsGlobal: { limit: 300, windowMs: 10 * MINUTE },
  coupon: { limit: 10, windowMs: 10 * MINUTE },
  guestSessions: { limit: 30, windowMs: 10 * MINUTE },
};

const HIGH: RateRule = { limit: 100_000, windowMs: MINUTE };

/** Test mode: the journeys share one client address; server tests pass the real rules they check. */
export const TEST_RATE_LIMITS: RateLimitConfig = {
  login: HIGH,
  loginFailuresPerAccount: HIGH,
  loginFailuresPerAccountGlobal: HIGH,
  register: HIGH,
  otpSendPerPhone: HIGH,
  otp: HIGH,
  contact: HIGH,
  passwordChange: HIGH,
  reviews: HIGH,
  reviewsGlobal: HIGH,
  coupon: HIGH,
  guestSessions: HIGH,
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
