import type { Context } from "hono";
import type { Store } from "./db/store";
import type { AuthState } from "./lib/auth";
import type { Carts } from "./lib/cart";
import type { Catalog } from "./lib/catalog";
import type { ScryptParams } from "./lib/crypto";
import type { ExchangeRates } from "./lib/exchange";
import type { Logger } from "./lib/log";
import type { HashGate } from "./lib/crypto";
import type { RateLimitConfig, RateLimiter } from "./lib/rate-limit";
import type { SmsSender } from "./lib/sms";

export type { SmsSender };

export interface Deps {
  store: Store;
  log: Logger;
  catalog: Catalog;
  carts: Carts;
  rates: ExchangeRates;
  scrypt: ScryptParams;
  tokenTtlMs: number;
  isTest: boolean;
  /** null: no sender configured (production without SMS_OUTBOX or Twilio): sending a code answers 503 */
  sms: SmsSender | null;
  lastOtp: Map<string, string>;
  limiters: Record<keyof RateLimitConfig, RateLimiter>;
  /** at most two concurrent password hashes (security review M4) */
  hashGate: HashGate;
  dummyHash: () => Promise<string>;
  /** BAGISTO_STRICT=1: Bagisto 1.3.3's shapes and refusals (server/bagisto-strict.ts) */
  bagistoStrict: boolean;
}

export interface AppEnv {
  Variables: {
    auth: AuthState;
    jsonBody: Record<string, unknown>;
    requestId: string;
    /** the client's address, from the socket or, with TRUST_PROXY, from X-Forwarded-For */
    clientIp: string;
    /** an https PUBLIC_ORIGIN: cookies are Secure with the __Host- prefix */
    secureCookies: boolean;
    /** PUBLIC_ORIGIN ("" when unset): the only origin written into replies */
    publicOrigin: string;
    /** a guest's first write: the session id derived from its Idempotency-Key */
    derivedSession: string;
  };
  Bindings: { incoming?: { socket?: { remoteAddress?: string } } };
}

export type Ctx = Context<AppEnv>;

export function clientIp(c: Ctx): string {
  return c.get("clientIp") ?? socketAddress(c);
}

export function socketAddress(c: Ctx): string {
  return c.env?.incoming?.socket?.remoteAddress ?? "local";
}

/**
 * The client's address behind `trustProxy` reverse proxies (security review M4): each proxy appends the
 * address it received the request from to X-Forwarded-For, so the client is the `trustProxy`-th entry from
 * the right (anything further left was written by the client and is not trusted). 0: the socket address.
 */
export function forwardedClient(c: Ctx, trustProxy: number): string {
  const socket = socketAddress(c);
  if (trustProxy <= 0) return socket;
  const hops = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (!hops.length) return socket;
  return hops[Math.max(0, hops.length - trustProxy)] ?? socket;
}
