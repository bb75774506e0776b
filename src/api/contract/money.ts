/*
 * Money, one module for the reference server and the storefront (issue 17 item 5): the currencies, the
 * bundled exchange-rate table, the delivery charges, rounding and formatting. Pure and import-free, so the
 * server imports it as it imports the rest of the contract.
 *
 * One formatting rule: `Intl.NumberFormat(locale, { style: "currency", currency })` in the shopper's language,
 * for every currency. The language decides grouping and symbol place, never the currency's home country:
 * English shows ₹123,456.50 (not the en-IN ₹1,23,456.50), French 123 456,50 ₹. The server, which has no
 * shopper's language in a Bagisto reply, formats in MONEY_DEFAULT_LOCALE, so its `formated_*` strings are
 * what the storefront shows in English for the base currency.
 *
 * Catalogue prices are in the base currency INR. The rate table has USD as base; the display rate of X is
 * rates[X] / rates.INR, and the free-delivery threshold is USD 200 shown in X (DESIGN §3).
 */

export const CURRENCY_CODES = ["USD", "EUR", "GBP", "INR"] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];
export const BASE_CURRENCY: CurrencyCode = "INR";

/** The language the server formats in: the storefront's source language. */
export const MONEY_DEFAULT_LOCALE = "en";

export interface ExchangeRates {
  base: string;
  date: string;
  rates: Record<string, number>;
}

/**
 * The bundled, dated table (USD base): what the server answers until an upstream does, and what the
 * storefront uses until its first usable reply. Never a made-up rate.
 */
export const BUNDLED_RATES: ExchangeRates = {
  base: "USD",
  date: "2026-11-20",
  rates: { USD: 1, EUR: 0.9434, GBP: 0.7893, INR: 84.41, JPY: 154.62, CAD: 1.3951, AUD: 1.5382, CHF: 0.8845 },
};

/** Free delivery from this amount in US dollars, shown and applied in the currency at hand. */
export const FREE_DELIVERY_USD = 200;

/** The flat shipping rate ("flatrate_flatrate"), in the base currency. */
export const FLAT_RATE_SHIPPING = 25;

export function isCurrencyCode(v: unknown): v is CurrencyCode {
  return typeof v === "string" && (CURRENCY_CODES as readonly string[]).includes(v);
}

/** Rounds to cents, half away from zero as the server's totals always have. */
export function round2(n: number): number {
  return Math.round((n + Number.EPSILON) * 100) / 100;
}

/** A wire decimal: Bagisto's DECIMAL(12,4) columns as strings ("50.0000"); schema.org prices with 2 places. */
export function decimal(n: number, places = 4): string {
  return round2(n).toFixed(places);
}

/** Price after a percent discount (SPEC §9); null when there is no discount. */
export function discountedPrice(price: number, discountPercent: number | null | undefined): number | null {
  if (!discountPercent || !Number.isFinite(discountPercent) || discountPercent <= 0) return null;
  const pct = Math.min(discountPercent, 100);
  return round2(price - (price * pct) / 100);
}

/** Units of `code` per one US dollar, whatever the base of the table; null when unusable. */
function usdRate(rates: ExchangeRates, code: string): number | null {
  const of = (c: string) => (rates.base === c ? 1 : rates.rates[c]);
  const r = of(code);
  const usd = of("USD");
  if (typeof r !== "number" || !Number.isFinite(r) || r <= 0) return null;
  if (typeof usd !== "number" || !Number.isFinite(usd) || usd <= 0) return null;
  return r / usd;
}

/** Rates that lack a usable entry for one of our currencies are not trusted. */
export function hasAllRates(rates: ExchangeRates): boolean {
  return CURRENCY_CODES.every((c) => usdRate(rates, c) !== null);
}

/** How many units of `code` one unit of the base currency (INR) is worth. */
export function displayRate(code: CurrencyCode, rates: ExchangeRates): number {
  if (code === BASE_CURRENCY) return 1;
  const x = usdRate(rates, code) ?? usdRate(BUNDLED_RATES, code) ?? 1;
  const base = usdRate(rates, BASE_CURRENCY) ?? usdRate(BUNDLED_RATES, BASE_CURRENCY) ?? 1;
  return x / base;
}

/** Converts an amount in the base currency into `code`. */
export function convertFromBase(amount: number, code: CurrencyCode, rates: ExchangeRates): number {
  return amount * displayRate(code, rates);
}

/** The free-delivery threshold (USD 200) in `code`, to the cent. */
export function freeDeliveryThreshold(code: CurrencyCode, rates: ExchangeRates): number {
  return round2(FREE_DELIVERY_USD * (usdRate(rates, code) ?? usdRate(BUNDLED_RATES, code) ?? 1));
}

export interface MoneyFormat {
  /** an ISO 4217 code: a display currency, or the currency of a server cart or order */
  currency: string;
  /** the shopper's language (the server's: MONEY_DEFAULT_LOCALE) */
  locale: string;
}

/** The server's replies: the base currency in the default language. */
export const SERVER_MONEY_FORMAT: MoneyFormat = { currency: BASE_CURRENCY, locale: MONEY_DEFAULT_LOCALE };

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, locale: string, currencyDisplay?: "narrowSymbol"): Intl.NumberFormat {
  const key = `${locale}|${currency}|${currencyDisplay ?? ""}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      currencyDisplay,
      maximumFractionDigits: 2,
    });
    formatters.set(key, f);
  }
  return f;
}

/** An amount already in `currency`, written in `locale` (the one rule above); 0 for an unusable amount. */
export function formatMoney(amount: number, { currency, locale }: MoneyFormat): string {
  return formatter(currency, locale).format(Number.isFinite(amount) ? amount : 0);
}

/** The currency's sign as `locale` writes it ($, €, £, ₹), for the currency choice. */
export function currencySymbol(currency: string, locale: string): string {
  const parts = formatter(currency, locale, "narrowSymbol").formatToParts(0);
  return parts.find((p) => p.type === "currency")?.value ?? currency;
}
