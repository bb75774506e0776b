import type { Context } from "hono";
import type { Store } from "./db/store";
import type { AuthState } from "./lib/auth";
import type { Carts } from "./lib/cart";
import type { Catalog } from "./lib/catalog";
import type { ScryptParams } from "./lib/crypto";
import type { ExchangeRates } from "./lib/exchange";
import type { Logger } from "./lib/log";
import type { RateLimiter } from "./lib/rate-limit";

export interface SmsSender {
  send(phone: string, text: string): void | Promise<void>;
}

export interface Deps {
  store: Store;
  log: Logger;
  catalog: Catalog;
  carts: Carts;
  rates: ExchangeRates;
  scrypt: ScryptParams;
  tokenTtlMs: number;
  isTest: boolean;
  sms: SmsSender;
  lastOtp: Map<string, string>;
  limiters: Record<"login" | "register" | "otpSendPerPhone" | "otp" | "contact", RateLimiter>;
  dummyHash: () => Promise<string>;
}

export interface AppEnv {
  Variables: {
    auth: AuthState;
    jsonBody: Record<string, unknown>;
    requestId: string;
  };
  Bindings: { incoming?: { socket?: { remoteAddress?: string } } };
}

export type Ctx = Context<AppEnv>;

export function clientIp(c: Ctx): string {
  return c.env?.incoming?.socket?.remoteAddress ?? "local";
}
