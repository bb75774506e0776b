import { exchangeRatesSchema } from "../../src/api/contract/content";
import {
  BASE_CURRENCY,
  BUNDLED_RATES,
  freeDeliveryThreshold,
  type ExchangeRates as Rates,
} from "../../src/api/contract/money";
import type { Logger } from "./log";

export class ExchangeRates {
  private cached: { at: number; rates: Rates } | null = null;
  private pending: Promise<void> | null = null;

  constructor(
    private readonly upstream: string | null,
    private readonly log: Logger,
    private readonly ttlMs = 60 * 60 * 1000,
  ) {}

  current(): Rates {
    if (this.upstream && (!this.cached || Date.now() - this.cached.at > this.ttlMs)) void this.refresh();
    return this.cached?.rates ?? BUNDLED_RATES;
  }

  async fresh(): Promise<Rates> {
    if (this.upstream && (!this.cached || Date.now() - this.cached.at > this.ttlMs)) await this.refresh();
    return this.current();
  }

  private refresh(): Promise<void> {
    if (!this.upstream) return Promise.resolve();
    this.pending ??= (async () => {
      try {
        const res = await fetch(this.upstream!, {
          signal: AbortSignal.timeout(3000),
          headers: { Accept: "application/json" },
        });
        const parsed = exchangeRatesSchema.safeParse(await res.json());
        if (res.ok && parsed.success && parsed.data.rates.INR) {
          const usd = parsed.data.rates.USD ?? (parsed.data.base === "USD" ? 1 : undefined);
          if (usd) {
            const rates = Object.fromEntries(Object.entries(parsed.data.rates).map(([k, v]) => [k, v / usd]));
            this.cached = {
              at: Date.now(),
              rates: { base: "USD", date: parsed.data.date, rates: { ...rates, USD: 1 } },
            };
          }
        } else {
          this.log.warn("exchange rate upstream gave an unusable reply", { status: res.status });
          this.cached = { at: Date.now(), rates: this.cached?.rates ?? BUNDLED_RATES };
        }
      } catch (err) {
        this.log.warn("exchange rate upstream failed", { error: String(err) });
        this.cached = { at: Date.now(), rates: this.cached?.rates ?? BUNDLED_RATES };
      } finally {
        this.pending = null;
      }
    })();
    return this.pending;
  }

  /** Rates re-based on `base`; undefined for an unknown currency. */
  rebased(base: string): Rates | undefined {
    const r = this.current();
    const b = r.rates[base];
    if (!b) return undefined;
    return {
      base,
      date: r.date,
      rates: Object.fromEntries(
        Object.entries(r.rates).map(([k, v]) => [k, Math.round((v / b) * 1e6) / 1e6]),
      ),
    };
  }

  /** The free-delivery threshold in the base currency of the catalogue. */
  freeShippingThresholdInr(): number {
    return freeDeliveryThreshold(BASE_CURRENCY, this.current());
  }
}
