import { HttpError } from "./http";

export interface RateRule {
  limit: number;
  windowMs: number;
}

/** Fixed-window counters in memory: enough for one process; a cluster would need a shared store. */
export class RateLimiter {
  private hits = new Map<string, { count: number; reset: number }>();

  constructor(private readonly rule: RateRule) {}

  take(key: string, now = Date.now()): { ok: boolean; retryAfter: number } {
    let h = this.hits.get(key);
    if (!h || h.reset <= now) {
      if (this.hits.size > 50_000) this.sweep(now);
      h = { count: 0, reset: now + this.rule.windowMs };
      this.hits.set(key, h);
    }
    h.count++;
    return { ok: h.count <= this.rule.limit, retryAfter: Math.ceil((h.reset - now) / 1000) };
  }

  /** Whether `key` is already over its limit, without counting a hit. */
  blocked(key: string, now = Date.now()): { blocked: boolean; retryAfter: number } {
    const h = this.hits.get(key);
    if (!h || h.reset <= now) return { blocked: false, retryAfter: 0 };
    return { blocked: h.count >= this.rule.limit, retryAfter: Math.ceil((h.reset - now) / 1000) };
  }

  reset(): void {
    this.hits.clear();
  }

  private sweep(now: number): void {
    for (const [k, v] of this.hits) if (v.reset <= now) this.hits.delete(k);
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
export function enforce(
  c: { header: (name: string, value: string) => void },
  limiter: RateLimiter,
  key: string,
): void {
  const hit = limiter.take(key);
  if (!hit.ok) {
    c.header("Retry-After", String(hit.retryAfter));
    throw new HttpError(429, { message: TOO_MANY_REQUESTS, error: TOO_MANY_REQUESTS });
  }
}

export const TOO_MANY_REQUESTS = "Too many requests, please try again later.";
