/*
 * All money and date formatting, and the currency rules of DESIGN §3, as pure functions.
 * Catalogue prices are in the base currency INR; the rate service answers with USD as base, so the
 * display rate of X is rates[X] / rates.INR; the free-delivery threshold is USD 200 shown in X.
 */
export const CURRENCY_CODES = ["USD", "EUR", "GBP", "INR"] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];
export const BASE_CURRENCY: CurrencyCode = "INR";
export const DESKTOP_CURRENCIES: readonly CurrencyCode[] = ["USD", "EUR", "GBP", "INR"];
export const MOBILE_CURRENCIES: readonly CurrencyCode[] = ["USD", "EUR", "GBP"];

export const CURRENCY_SYMBOLS: Record<CurrencyCode, string> = { USD: "$", EUR: "€", GBP: "£", INR: "₹" };

export const FREE_DELIVERY_USD = 200;

export interface ExchangeRates {
  base: string;
  date: string;
  rates: Partial<Record<string, number>>;
}

/** Bundled fallback, used until the first successful fetch (ECB reference rates of the date, USD base). */
export const FALLBACK_RATES: ExchangeRates = {
  base: "USD",
  date: "2026-11-02",
  rates: { USD: 1, EUR: 0.8673, GBP: 0.7612, INR: 88.72 },
};

export function isCurrencyCode(v: unknown): v is CurrencyCode {
  return typeof v === "string" && (CURRENCY_CODES as readonly string[]).includes(v);
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
  const x = usdRate(rates, code) ?? usdRate(FALLBACK_RATES, code);
  const inr = usdRate(rates, "INR") ?? usdRate(FALLBACK_RATES, "INR");
  return code === "INR" ? 1 : (x ?? 1) / (inr ?? 1);
}

/** Converts an amount in the base currency into `code`. */
export function convertFromBase(amount: number, code: CurrencyCode, rates: ExchangeRates): number {
  return amount * displayRate(code, rates);
}

/** The free-delivery threshold (USD 200) in `code`. */
export function freeDeliveryAmount(code: CurrencyCode, rates: ExchangeRates): number {
  const x = usdRate(rates, code) ?? usdRate(FALLBACK_RATES, code) ?? 1;
  return FREE_DELIVERY_USD * x;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * What `Intl.NumberFormat("en", { style: "currency", currency: code, maximumFractionDigits: 2 })` writes,
 * without Intl: the first Intl number format of a page loads ICU's number data, ≈ 25 ms of a phone's first
 * render. Same rule as Intl (the shortest decimal form of the number, rounded half away from zero to cents);
 * null for what it does not cover (exponent forms, a negative amount that rounds to zero), which Intl formats.
 * format.test.ts checks it against Intl.
 */
export function formatEnglishMoney(amount: number, code: CurrencyCode): string | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(String(Math.abs(amount)));
  if (!m || Object.is(amount, -0)) return null;
  const frac = m[2] ?? "";
  let cents = BigInt(m[1]! + (frac + "00").slice(0, 2));
  if ((frac[2] ?? "0") >= "5") cents += 1n;
  if (amount < 0 && cents === 0n) return null;
  const units = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const rest = (cents % 100n).toString().padStart(2, "0");
  return `${amount < 0 ? "-" : ""}${CURRENCY_SYMBOLS[code]}${units}.${rest}`;
}

/** Formats an amount already in `code`, in the language `locale`. */
export function formatMoney(amount: number, code: CurrencyCode, locale: string): string {
  const value = Number.isFinite(amount) ? amount : 0;
  if (locale === "en") {
    const english = formatEnglishMoney(value, code);
    if (english !== null) return english;
  }
  const key = `${locale}|${code}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: "currency", currency: code, maximumFractionDigits: 2 });
    formatters.set(key, f);
  }
  return f.format(value);
}

/** Formats a base-currency (INR) price in the chosen currency. */
export function formatPrice(
  amountInBase: number,
  code: CurrencyCode,
  rates: ExchangeRates,
  locale: string,
): string {
  return formatMoney(convertFromBase(amountInBase, code, rates), code, locale);
}

/** Price after a percent discount (SPEC §9); null when there is no discount. */
export function discountedPrice(price: number, discountPercent: number | null | undefined): number | null {
  if (!discountPercent || !Number.isFinite(discountPercent) || discountPercent <= 0) return null;
  const pct = Math.min(discountPercent, 100);
  return Math.round((price - (price * pct) / 100) * 100) / 100;
}

/** Reads Bagisto money, which may be a number or a decimal string ("50.0000"). */
export function toAmount(value: number | string | null | undefined): number {
  if (typeof value === "number") return Number.isFinite(value) ? value : 0;
  if (typeof value === "string") {
    const n = Number.parseFloat(value);
    return Number.isFinite(n) ? n : 0;
  }
  return 0;
}

/** A date as month day year in the active language (receipts, invoices). */
export function formatDate(value: string | number | Date, locale: string): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return "";
  return new Intl.DateTimeFormat(locale, { month: "long", day: "numeric", year: "numeric" }).format(d);
}
