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

  reset(): void {
    this.hits.clear();
  }

  private sweep(now: number): void {
    for (const [k, v] of this.hits) if (v.reset <= now) this.hits.delete(k);
  }
}

export interface RateLimitConfig {
  login: RateRule;
  register: RateRule;
  otpSendPerPhone: RateRule;
  otp: RateRule;
  contact: RateRule;
}

export const PRODUCTION_RATE_LIMITS: RateLimitConfig = {
  login: { limit: 10, windowMs: 60_000 },
  register: { limit: 5, windowMs: 60_000 },
  otpSendPerPhone: { limit: 3, windowMs: 10 * 60_000 },
  otp: { limit: 20, windowMs: 60_000 },
  contact: { limit: 5, windowMs: 60_000 },
};

export const TEST_RATE_LIMITS: RateLimitConfig = {
  login: { limit: 1000, windowMs: 60_000 },
  register: { limit: 1000, windowMs: 60_000 },
  otpSendPerPhone: { limit: 1000, windowMs: 60_000 },
  otp: { limit: 1000, windowMs: 60_000 },
  contact: { limit: 1000, windowMs: 60_000 },
};
