import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { serialize } from "hono/utils/cookie";
import { SESSION_COOKIE } from "../../src/api/contract/common";
import type { Store } from "../db/store";
import type { CustomerTable } from "../db/schema";
import { randomToken, sha256 } from "./crypto";
import { unauthenticated } from "./http";

export type CustomerRow = Omit<CustomerTable, "id"> & { id: number };

export interface AuthState {
  state: "none" | "valid" | "invalid";
  customer: CustomerRow | null;
  tokenHash: string | null;
}

/**
 * Bagisto picks the token guard only when a `token` input is present (bagisto-api.md §1); the token
 * itself travels in `Authorization: Bearer`. A `token` flag with a missing, expired or revoked token is
 * `invalid`, so the client learns its session is gone instead of silently becoming a guest.
 */
export async function readAuth(c: Context, store: Store): Promise<AuthState> {
  const flag = c.req.query("token");
  if (flag === undefined) return { state: "none", customer: null, tokenHash: null };
  const header = c.req.header("authorization") ?? "";
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  if (!m) return { state: "invalid", customer: null, tokenHash: null };
  const tokenHash = sha256(m[1]!);
  const row = await store.first(
    store.qb
      .selectFrom("auth_tokens as t")
      .innerJoin("customers as c", "c.id", "t.customer_id")
      .selectAll("c")
      .select(["t.expires_at", "t.revoked_at"])
      .where("t.token_hash", "=", tokenHash),
  );
  if (!row || row.revoked_at || row.expires_at <= new Date().toISOString() || row.status !== 1) {
    return { state: "invalid", customer: null, tokenHash };
  }
  const { expires_at: _e, revoked_at: _r, ...customer } = row;
  return { state: "valid", customer, tokenHash };
}

export function requireCustomer(auth: AuthState): CustomerRow {
  if (auth.state !== "valid" || !auth.customer) throw unauthenticated();
  return auth.customer;
}

export function optionalCustomer(auth: AuthState): CustomerRow | null {
  if (auth.state === "invalid") throw unauthenticated();
  return auth.customer;
}

export async function issueToken(store: Store, customerId: number, ttlMs: number): Promise<string> {
  const token = randomToken();
  const now = new Date();
  await store.run(
    store.qb.insertInto("auth_tokens").values({
      token_hash: sha256(token),
      customer_id: customerId,
      expires_at: new Date(now.getTime() + ttlMs).toISOString(),
      revoked_at: null,
      created_at: now.toISOString(),
    }),
  );
  return token;
}

/**
 * The guest session cookie. Behind an https PUBLIC_ORIGIN it is `Secure` and carries the `__Host-` prefix
 * (only ever set by this origin, over https, for the whole path); otherwise the plain name. Both names are
 * read, so sessions survive switching PUBLIC_ORIGIN on.
 */
export function sessionCookieName(c: Context): string {
  return c.get("secureCookies" as never) ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

export function sessionHash(c: Context): string | null {
  const raw = getCookie(c, `__Host-${SESSION_COOKIE}`) ?? getCookie(c, SESSION_COOKIE);
  return raw && /^[A-Za-z0-9_-]{20,100}$/.test(raw) ? sha256(raw) : null;
}

const SESSION_MAX_AGE = 60 * 60 * 24 * 30;

function cookieOptions(c: Context) {
  const secure = Boolean(c.get("secureCookies" as never)) || new URL(c.req.url).protocol === "https:";
  return { httpOnly: true, sameSite: "Lax" as const, path: "/", secure, maxAge: SESSION_MAX_AGE };
}

/** The Set-Cookie header of a guest session, for a reply built by hand (an idempotent replay). */
export function sessionCookieHeader(c: Context, raw: string): string {
  return serialize(sessionCookieName(c), raw, cookieOptions(c));
}

/**
 * The guest session id, created (HttpOnly, SameSite=Lax) when a guest first writes. A write that carries an
 * Idempotency-Key gets the id derived from it (lib/idempotency.ts), so its retry gets the same cookie.
 */
export function ensureSession(c: Context): string {
  const existing = sessionHash(c);
  if (existing) return existing;
  const raw = (c.get("derivedSession" as never) as string | undefined) ?? randomToken(24);
  setCookie(c, sessionCookieName(c), raw, cookieOptions(c));
  return sha256(raw);
}

export function customerView(c: CustomerRow) {
  return {
    id: c.id,
    email: c.email,
    first_name: c.first_name,
    last_name: c.last_name,
    name: `${c.first_name} ${c.last_name}`.trim(),
    gender: c.gender,
    date_of_birth: c.date_of_birth,
    // the number the customer gave; verified or not (only a verified one opens the account by code)
    phone: c.phone ?? c.unverified_phone,
    status: c.status,
    group: { id: 2, name: "General" },
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}
