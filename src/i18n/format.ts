/*
 * Locale-bound formatting that is not money, and the currency lists of the header. Money (currencies, rates,
 * rounding, formatting) lives in api/contract/money.ts, shared with the server.
 */
import type { CurrencyCode } from "@/api/contract/money";

export const DESKTOP_CURRENCIES: readonly CurrencyCode[] = ["USD", "EUR", "GBP", "INR"];
export const MOBILE_CURRENCIES: readonly CurrencyCode[] = ["USD", "EUR", "GBP"];

/** Reads Bagisto money, which may be a number or a decimal string ("50.0000"). */
export function toAmount(value: number | string | null | undefined): number {
  if (typeof value === "number") return Number.isFinite(value) ? value : 0;
  if (typeof value === "string") {
    const n = Number.parseFloat(value);
    return Number.isFinite(n) ? n : 0;
  }
  return 0;
}

/** One formatter per language and kind: made once, as money.ts does for prices. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const countFormats = new Map<string, Intl.NumberFormat>();

/** A date as month day year in the active language (receipts, invoices, blog posts). */
export function formatDate(value: string | number | Date, locale: string): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return "";
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: "long", day: "numeric", year: "numeric" });
    dateFormats.set(locale, format);
  }
  return format.format(d);
}

/** A count (products, customers…) with the active language's grouping. */
export function formatCount(value: number, locale: string): string {
  let format = countFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    countFormats.set(locale, format);
  }
  return format.format(value);
}
