import { queryOptions } from "@tanstack/react-query";
import { z } from "zod/mini";
import { ApiError, MALFORMED_REPLY_MESSAGE, NETWORK_ERROR_MESSAGE, sendRequest } from "./client";

/*
 * The exchange-rate service may be a third party (VITE_EXCHANGE_RATE_URL), so its reply shape lives
 * here rather than in the back-end contract.
 */
export const EXCHANGE_RATE_URL = import.meta.env.VITE_EXCHANGE_RATE_URL ?? "/api/exchange-rates?base=USD";

export const exchangeRatesSchema = z.lazy(() =>
  z.object({
    base: z.string().check(z.minLength(3)),
    date: z.string(),
    rates: z.record(z.string(), z.number().check(z.positive())),
  }),
);
export type ExchangeRatesReply = z.infer<typeof exchangeRatesSchema>;

/** Fetches USD-based rates from the configured service. */
export async function getExchangeRates(signal?: AbortSignal): Promise<ExchangeRatesReply> {
  let res: Response;
  try {
    res = await sendRequest(EXCHANGE_RATE_URL, { headers: { Accept: "application/json" }, signal });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, { kind: "network" });
  }
  if (!res.ok) throw new ApiError(`Request failed (${res.status})`, { kind: "http", status: res.status });
  const parsed = exchangeRatesSchema.safeParse(await res.json().catch(() => null));
  if (!parsed.success) throw new ApiError(MALFORMED_REPLY_MESSAGE, { kind: "parse", status: res.status });
  return parsed.data;
}

export const currencyKeys = {
  all: ["currency"] as const,
  rates: () => [...currencyKeys.all, "rates"] as const,
};

export const currencyQueries = {
  rates: () =>
    queryOptions({
      queryKey: currencyKeys.rates(),
      queryFn: ({ signal }) => getExchangeRates(signal),
      staleTime: 6 * 60 * 60 * 1000,
      retry: 1,
    }),
};
