/*
 * The cookie that carries the shopper's display currency to the server, so the first page shows its prices
 * in it (docs/decisions/032-the-first-page-shows-the-shoppers-currency.md). Written only once the shopper has a
 * stored choice: without one the server renders the base currency, as the page would.
 */
import { isCurrencyCode, type CurrencyCode } from "../api/contract/money";
import { choiceCookie, readCookie } from "./cookies";

export const CURRENCY_COOKIE = "currency";

/** The currency in a Cookie header (or `document.cookie`), or null when absent or not one of ours. */
export function currencyFromCookie(cookie: string | null | undefined): CurrencyCode | null {
  const value = readCookie(cookie, CURRENCY_COOKIE);
  return isCurrencyCode(value) ? value : null;
}

/** The cookie the browser writes for a currency. */
export function currencyCookie(code: CurrencyCode, secure: boolean): string {
  return choiceCookie(CURRENCY_COOKIE, code, secure);
}
