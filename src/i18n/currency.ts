import { useQuery } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { currencyQueries } from "@/api/currency";
import {
  BASE_CURRENCY,
  CURRENCY_SYMBOLS,
  displayRate,
  FALLBACK_RATES,
  formatPrice,
  freeDeliveryAmount,
  formatMoney,
  hasAllRates,
  isCurrencyCode,
  type CurrencyCode,
  type ExchangeRates,
} from "./format";
import { useLocale } from "./i18n";

const CURRENCY_STORAGE_KEY = "currency";
const listeners = new Set<() => void>();

function readCurrency(): CurrencyCode {
  try {
    const v = localStorage.getItem(CURRENCY_STORAGE_KEY);
    return isCurrencyCode(v) ? v : BASE_CURRENCY;
  } catch {
    return BASE_CURRENCY;
  }
}

/** Chooses the display currency (persisted on the device). */
export function setCurrency(code: CurrencyCode): void {
  try {
    localStorage.setItem(CURRENCY_STORAGE_KEY, code);
  } catch {
    /* the choice then lasts for this visit only */
  }
  current = code;
  listeners.forEach((l) => l());
}

let current: CurrencyCode = typeof window === "undefined" ? BASE_CURRENCY : readCurrency();

function subscribe(cb: () => void) {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

export interface CurrencyState {
  code: CurrencyCode;
  symbol: string;
  rate: number;
  rates: ExchangeRates;
  /** True while the bundled table is used (no successful fetch yet). */
  isFallback: boolean;
  /** Formats a base-currency (INR) amount in the chosen currency and language. */
  format: (amountInBase: number) => string;
  /** Formats an amount already in the chosen currency. */
  formatConverted: (amount: number) => string;
  freeDelivery: string;
  setCurrency: (code: CurrencyCode) => void;
}

/** The chosen currency with its live (or last persisted, or bundled) rates. */
export function useCurrency(): CurrencyState {
  const code = useSyncExternalStore(
    subscribe,
    () => current,
    () => BASE_CURRENCY,
  );
  const locale = useLocale();
  const { data } = useQuery(currencyQueries.rates());
  const rates = data && hasAllRates(data) ? data : FALLBACK_RATES;
  const format = useCallback(
    (amount: number) => formatPrice(amount, code, rates, locale),
    [code, rates, locale],
  );
  const formatConverted = useCallback((amount: number) => formatMoney(amount, code, locale), [code, locale]);
  return {
    code,
    symbol: CURRENCY_SYMBOLS[code],
    rate: displayRate(code, rates),
    rates,
    isFallback: rates === FALLBACK_RATES,
    format,
    formatConverted,
    freeDelivery: formatMoney(freeDeliveryAmount(code, rates), code, locale),
    setCurrency,
  };
}
