import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { currencyKeys, currencyQueries } from "@/api/currency";
import {
  BASE_CURRENCY,
  BUNDLED_RATES,
  displayRate,
  formatMoney,
  freeDeliveryThreshold,
  hasAllRates,
  isCurrencyCode,
  type CurrencyCode,
  type ExchangeRates,
} from "@/api/contract/money";
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
  /** Formats a base-currency (INR) amount in the chosen currency and language. */
  format: (amountInBase: number) => string;
  setCurrency: (code: CurrencyCode) => void;
}

function useCurrencyCode(): CurrencyCode {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => BASE_CURRENCY,
  );
}

/** The live rates when they are usable, else the bundled table. */
function usableRates(data: ExchangeRates | undefined): ExchangeRates {
  return data && hasAllRates(data) ? data : BUNDLED_RATES;
}

const selectNothing = () => null;

/**
 * One number derived from the live (or last persisted, or bundled) rates. A component re-renders when
 * that number changes, not whenever the rate query changes: its first reply, for instance, does not change
 * the base currency's prices, and costs their components no render.
 */
function useFromRates(derive: (rates: ExchangeRates) => number): number {
  const queryClient = useQueryClient();
  // Keeps the rates observed (fetched and refreshed); selecting nothing, it never renders this component.
  void useQuery({ ...currencyQueries.rates(), select: selectNothing }).data;
  const subscribeToCache = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const read = () => derive(usableRates(queryClient.getQueryData(currencyKeys.rates())));
  return useSyncExternalStore(subscribeToCache, read, read);
}

/** The chosen currency with a formatter of base-currency prices. */
export function useCurrency(): CurrencyState {
  const code = useCurrencyCode();
  const locale = useLocale();
  const rate = useFromRates((rates) => displayRate(code, rates));
  const format = useCallback(
    (amount: number) => formatMoney(amount * rate, { currency: code, locale }),
    [code, rate, locale],
  );
  return { code, format, setCurrency };
}

/**
 * Formats amounts kept in a currency of their own (a server cart at checkout, an order), without
 * conversion, in the shopper's language.
 */
export function useMoneyFormat(): (amount: number, currency: string | null | undefined) => string {
  const locale = useLocale();
  return useCallback(
    (amount: number, currency: string | null | undefined) =>
      formatMoney(amount, { currency: currency || BASE_CURRENCY, locale }),
    [locale],
  );
}

/** The free-delivery threshold (USD 200) in the chosen currency, formatted. */
export function useFreeDeliveryAmount(): string {
  const code = useCurrencyCode();
  const locale = useLocale();
  return formatMoney(
    useFromRates((rates) => freeDeliveryThreshold(code, rates)),
    { currency: code, locale },
  );
}
