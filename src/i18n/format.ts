/*
 * Locale-bound formatting that is not money, and the currency lists of the header. Money (currencies, rates,
 * rounding, formatting) lives in api/contract/money.ts, shared with the server.
 */
import type { CurrencyCode } from "@/api/contract/money";

export const DESKTOP_CURRENCIES: readonly CurrencyCode[] = ["USD", "EUR", "GBP", "INR"];
export const MOBILE_CURRENCIES: readonly CurrencyCode[] = ["USD", "EUR", "GBP"];

/** One formatter per kind, language and options, made once (as money.ts does for prices): ICU's data loads once. */
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function shared<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let format = formats.get(key) as F | undefined;
  if (!format) formats.set(key, (format = make()));
  return format;
}

/** The shared Intl.NumberFormat for a language and options (for formatting that loads with its feature's code). */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return shared(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

/** The shared Intl.DateTimeFormat for a language and options. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return shared(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

/**
 * A date as month day year in the active language (receipts, invoices, blog posts). `timeZone`: "UTC" for
 * what public pages show (reviews, blog posts), so that every server instance, whatever its time zone, and
 * the browser hydrating the page write the same day; without it the device's own zone (a shopper's orders).
 */
export function formatDate(value: string | number | Date, locale: string, timeZone?: "UTC"): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return "";
  return dateTimeFormat(locale, { month: "long", day: "numeric", year: "numeric", timeZone }).format(d);
}

/** A count (products, customers…) with the active language's grouping. */
export function formatCount(value: number, locale: string): string {
  return numberFormat(locale).format(value);
}
