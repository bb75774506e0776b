import type { Context } from "hono";
import { isIPv4, isIPv6 } from "node:net";
import type { Store } from "../db/store";
import type { AuthState } from "./auth";
import type { Carts } from "../services/cart/carts";
import type { Catalog } from "../services/catalog/catalog";
import type { ScryptParams } from "./crypto";
import type { ExchangeRates } from "./exchange";
import type { Logger } from "./log";
import type { HashGate } from "./crypto";
import type { RateLimitConfig, RateLimiter } from "./rate-limit";
import type { Metrics } from "./metrics";
import type { SmsSender } from "./sms";
import type { Postbox } from "./mail-queue";

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
  /** the only number prefixes codes are texted to (`+44`…, review N9); null: any */
  smsAllowedPrefixes: string[] | null;
  lastOtp: Map<string, string>;
  /** e-mail (lib/mail.ts): `mail.mailer` null: none configured (production without SMTP_URL): mailing answers 503 */
  mail: Postbox;
  limiters: Record<keyof RateLimitConfig, RateLimiter>;
  /** the password-hash queue: two at a time, in turn between clients (security review M4, N5) */
  hashGate: HashGate;
  dummyHash: () => Promise<string>;
  /** BAGISTO_STRICT=1: Bagisto 1.3.3's shapes and refusals (server/bagisto-strict.ts) */
  bagistoStrict: boolean;
  /** this app's Prometheus registry and the metrics routes count into (lib/metrics.ts) */
  metrics: Metrics;
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
    /** the server secret: guest session ids are signed with it (lib/auth.ts) */
    sessionSecret: string;
    /** the guest session id this request started or rotated to ("": none); else the cookie's is read */
    session: string;
    /** the Idempotency-Key of a retryable write (lib/idempotency.ts) */
    idempotencyKey: string;
    /** the route label of a handler that answers many addresses (the storefront's pages, files): lib/metrics.ts */
    route: string;
  };
  Bindings: { incoming?: { socket?: { remoteAddress?: string } } };
}

export type Ctx = Context<AppEnv>;

/** The client as every per-address limit counts it: an IPv4 address, or an IPv6 client's /64 (see `addressKey`). */
export function clientIp(c: Ctx): string {
  return addressKey(c.get("clientIp") ?? socketAddress(c));
}

/**
 * The key per-address limits count on (security review N8). One IPv6 subscriber holds a whole /64 (often a /56),
 * so keying on the full address gives each of its 2^64 addresses a fresh budget: an IPv6 client is its /64,
 * written `2001:db8:1:2::/64`. An IPv4 address written as IPv6 (IPv4-mapped `::ffff:192.0.2.1`, or NAT64's
 * `64:ff9b::192.0.2.1`) is that IPv4 address, as a dual-stack socket reports IPv4 clients. A port or brackets
 * a proxy may add are dropped; anything that is no address (the tests' "local") is kept as it is.
 */
export function addressKey(address: string): string {
  let a = address.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1]!;
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(":"));
  a = a.replace(/%.*$/, "");
  if (isIPv4(a) || !isIPv6(a)) return a;
  const h = ipv6Hextets(a);
  const zero = (from: number, to: number) => h.slice(from, to).every((x) => x === 0);
  const embedsIpv4 = (zero(0, 5) && h[5] === 0xffff) || (h[0] === 0x64 && h[1] === 0xff9b && zero(2, 6));
  if (embedsIpv4) return [h[6]! >> 8, h[6]! & 255, h[7]! >> 8, h[7]! & 255].join(".");
  return `${h
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 part as two groups). */
function ipv6Hextets(address: string): number[] {
  let a = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(a);
  if (v4) {
    const [p, q, r, s] = v4.slice(1).map(Number) as [number, number, number, number];
    a = `${a.slice(0, v4.index)}${((p << 8) | q).toString(16)}:${((r << 8) | s).toString(16)}`;
  }
  const [head, tail] = a.includes("::") ? a.split("::") : [a, undefined];
  const groups = (part: string | undefined) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const left = groups(head);
  const right = groups(tail);
  return tail === undefined
    ? left
    : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
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
