import {
  hashKey,
  QueryObserver,
  useIsRestoring,
  useQueryClient,
  type QueryCacheNotifyEvent,
  type QueryClient,
} from "@tanstack/react-query";
import { useCallback, useContext, useEffect, useSyncExternalStore } from "react";
import { currencyKeys, currencyQueries, exchangeRatesSchema } from "@/api/currency";
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
import { ServerRenderContext } from "@/render/server-render";
import { currencyCookie, currencyFromCookie } from "./currency-cookie";
import { useLocale } from "./i18n";

const CURRENCY_STORAGE_KEY = "currency";
const listeners = new Set<() => void>();

function readStored(): CurrencyCode | null {
  try {
    const v = localStorage.getItem(CURRENCY_STORAGE_KEY);
    return isCurrencyCode(v) ? v : null;
  } catch {
    return null;
  }
}

/** Writes the `currency` cookie when it does not already say `code`: the server's next page shows it. */
function syncCookie(code: CurrencyCode): void {
  if (currencyFromCookie(document.cookie) === code) return;
  document.cookie = currencyCookie(code, location.protocol === "https:");
}

/** Chooses the display currency (persisted on the device, and in the cookie the server renders with). */
export function setCurrency(code: CurrencyCode): void {
  try {
    localStorage.setItem(CURRENCY_STORAGE_KEY, code);
  } catch {
    /* the cookie then carries the choice */
  }
  syncCookie(code);
  current = code;
  listeners.forEach((l) => l());
}

/**
 * The currency to start in: the stored choice (which re-sets the cookie when it differs: a choice made before
 * the cookie existed), else the cookie's, else the base currency.
 */
function initialCurrency(): CurrencyCode {
  const stored = readStored();
  if (stored) {
    syncCookie(stored);
    return stored;
  }
  return currencyFromCookie(document.cookie) ?? BASE_CURRENCY;
}

let current: CurrencyCode = typeof window === "undefined" ? BASE_CURRENCY : initialCurrency();

/**
 * In the browser, the currency and rates the server rendered the first page with (its handoff): hydration
 * renders with them, so that it produces the server's HTML, and the page then follows the shopper's choice
 * and the freshest rates (a re-render only when they differ). On the server each render has its own
 * (ServerRenderContext and its query cache).
 */
let rendered: { code: CurrencyCode; rates: ExchangeRates } = { code: BASE_CURRENCY, rates: BUNDLED_RATES };

const toCurrency = (code: unknown): CurrencyCode => (isCurrencyCode(code) ? code : BASE_CURRENCY);

export function setRenderedCurrency(code: unknown, rates: unknown): void {
  // The handoff is the server's word in the page: read with the same schema as the rates service's reply.
  const parsed = exchangeRatesSchema.safeParse(rates);
  rendered = {
    code: toCurrency(code),
    rates: parsed.success ? usableRates(parsed.data) : BUNDLED_RATES,
  };
}

/**
 * Makes the formatter the first page's prices are hydrated with (the rendered currency, in `locale`): the first
 * Intl.NumberFormat of a page loads ICU's number data, the longest single step of hydration otherwise.
 */
export function prepareMoneyFormat(locale: string): void {
  formatMoney(0, { currency: rendered.code, locale });
}

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
  const server = useContext(ServerRenderContext);
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => (server ? toCurrency(server.currency) : rendered.code),
  );
}

/** The live rates when they are usable, else the bundled table. */
function usableRates(data: ExchangeRates | undefined): ExchangeRates {
  return data && hasAllRates(data) ? data : BUNDLED_RATES;
}

/** The rates a render reads from `queryClient` (the server hands them to the browser with its page). */
export function ratesIn(queryClient: QueryClient): ExchangeRates {
  return usableRates(queryClient.getQueryData(currencyKeys.rates()));
}

/**
 * The rates query's one observer per query client while prices are on screen (each price counts itself in):
 * what fetches the rates when stale and refreshes them. One observer rather than one per price, which a
 * catalogue page's cards each created, subscribed and notified while it hydrates.
 */
const watchRates = (queryClient: QueryClient) => new QueryObserver(queryClient, currencyQueries.rates());
const ratesWatchers = new WeakMap<
  QueryClient,
  { observer: ReturnType<typeof watchRates>; users: number; stop?: () => void }
>();

function useRatesObserved(queryClient: QueryClient): void {
  // As useQuery: no fetch while the persisted cache is being restored (it may hold fresh rates).
  const isRestoring = useIsRestoring();
  useEffect(() => {
    if (isRestoring) return;
    const watcher = ratesWatchers.get(queryClient) ?? { observer: watchRates(queryClient), users: 0 };
    ratesWatchers.set(queryClient, watcher);
    if (watcher.users++ === 0) watcher.stop = watcher.observer.subscribe(() => undefined);
    return () => {
      if (--watcher.users === 0) watcher.stop?.();
    };
  }, [queryClient, isRestoring]);
}

const DATA_EVENTS = new Set<QueryCacheNotifyEvent["type"]>(["added", "removed", "updated"]);

/**
 * One number derived from the live (or last persisted, or bundled) rates. A component re-renders when
 * that number changes, not whenever the rate query changes: its first reply, for instance, does not change
 * the base currency's prices, and costs their components no render.
 */
function useFromRates(derive: (rates: ExchangeRates) => number): number {
  const queryClient = useQueryClient();
  useRatesObserved(queryClient);
  // Only the events that can change the rates' data: every price on a page subscribes, so the cache's other
  // events (each query and observer a page adds while it hydrates) would make every price read them again.
  const subscribeToCache = useCallback(
    (onChange: () => void) => {
      const ratesHash = hashKey(currencyKeys.rates());
      return queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === ratesHash && DATA_EVENTS.has(event.type)) onChange();
      });
    },
    [queryClient],
  );
  const onServer = useContext(ServerRenderContext) !== null;
  const read = () => derive(ratesIn(queryClient));
  return useSyncExternalStore(subscribeToCache, read, onServer ? read : () => derive(rendered.rates));
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
