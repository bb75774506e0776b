import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { serialize } from "hono/utils/cookie";
import { SESSION_COOKIE } from "../../src/api/contract/common";
import type { Store } from "../db/store";
import type { Selectable } from "kysely";
import type { CustomerTable } from "../db/schema";
import { timingSafeEqual } from "node:crypto";
import { randomToken, sha256 } from "./crypto";
import { unauthenticated } from "./http";
import { hmac } from "./secret";

export type CustomerRow = Omit<Selectable<CustomerTable>, "id"> & { id: number };

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
 * Guest sessions (security review N4, N6, N7). A session id is minted by this server only: 32 random
 * characters and their HMAC under the server secret (lib/secret.ts), 64 characters in all. A cookie whose
 * value the server did not mint (unsigned, invented, from before ids were signed) is no session: the request
 * is a guest without one, and gets a fresh id when it needs one. The database only ever sees the id's hash.
 *
 * Behind an https PUBLIC_ORIGIN the cookie is `Secure` with the `__Host-` prefix (set only by this origin,
 * over https, for the whole path) and only that name is read: the plain name can be planted by a sibling
 * subdomain or an earlier http reply. Otherwise the plain name.
 */
export function sessionCookieName(c: Context): string {
  return c.get("secureCookies" as never) ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

const SESSION_ID = /^[A-Za-z0-9_-]{64}$/;

function sessionSecret(c: Context): string {
  const secret = c.get("sessionSecret" as never) as string | undefined;
  if (!secret) throw new Error("The server secret is not set on the request.");
  return secret;
}

const signature = (secret: string, id: string) => hmac(secret, `guest-session\n${id}`).slice(0, 32);

/** A session id this server minted: `id` (32 characters; random unless given) and its signature. */
export function mintSessionId(secret: string, id = randomToken(24)): string {
  return `${id}${signature(secret, id)}`;
}

export function isSessionId(secret: string, value: string): boolean {
  if (!SESSION_ID.test(value)) return false;
  const expected = Buffer.from(signature(secret, value.slice(0, 32)));
  const actual = Buffer.from(value.slice(32));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The caller's guest session id: the one set in this request (new or rotated), else a valid cookie's. */
export function sessionId(c: Context): string | null {
  const current = c.get("session" as never) as string | undefined;
  if (current !== undefined) return current || null;
  const raw = getCookie(c, sessionCookieName(c));
  return raw && isSessionId(sessionSecret(c), raw) ? raw : null;
}

export function sessionHash(c: Context): string | null {
  const id = sessionId(c);
  return id ? sha256(id) : null;
}

const SESSION_MAX_AGE = 60 * 60 * 24 * 30;

function cookieOptions(c: Context) {
  const secure = Boolean(c.get("secureCookies" as never)) || new URL(c.req.url).protocol === "https:";
  return { httpOnly: true, sameSite: "Lax" as const, path: "/", secure, maxAge: SESSION_MAX_AGE };
}

/** The Set-Cookie header of a guest session, for a reply built by hand (an idempotent replay). */
export function sessionCookieHeader(c: Context, id: string): string {
  return serialize(sessionCookieName(c), id, cookieOptions(c));
}

/** Makes `id` the caller's session from here on: the reply sets its cookie. */
function useSession(c: Context, id: string): void {
  c.set("session" as never, id as never);
  setCookie(c, sessionCookieName(c), id, cookieOptions(c));
}

/** A fresh session for the caller (its cookie set on the reply); its id. */
export function startSession(c: Context): string {
  const id = mintSessionId(sessionSecret(c));
  useSession(c, id);
  return id;
}

/** The guest session's hash, a fresh one (HttpOnly, SameSite=Lax) when the guest has none yet. */
export function ensureSession(c: Context): string {
  return sha256(sessionId(c) ?? startSession(c));
}

/**
 * The id a session is rotated to by a write sent with an Idempotency-Key: derived from the old id (which
 * only its holder has) and the key, so the exact replay of that write, sent with the old cookie because the
 * reply with the new one was lost, sets the same new cookie again (lib/idempotency.ts). Never derived from
 * the key alone: the key by itself opens no session.
 */
export function rotatedSessionId(secret: string, oldId: string, key: string): string {
  return mintSessionId(secret, hmac(secret, `rotate-session\n${oldId}\n${key}`).slice(0, 32));
}

/**
 * Session rotation (security review N7): the guest's session gets a new id, and what was the old id's
 * (its carts, its guest orders) becomes the new one's; the reply sets the new cookie. The old id, which
 * someone may have planted or copied, opens nothing any more. Called at log-in, log-out, save-address and
 * order placement; a caller without a valid session has nothing to rotate. Inside the route's transaction
 * when there is one (a write with an Idempotency-Key: its claim commits with the move).
 */
export async function rotateGuestSession(
  c: Context,
  store: Store,
  opts: { ifMoved?: boolean } = {},
): Promise<void> {
  const move = guestSessionMove(c);
  if (!move) return;
  const moved = await store.tx(() => moveGuestSession(store, move));
  // `ifMoved`: the caller's id owned something when the request began; when nothing was left to move, a
  // concurrent request of the same shopper rotated it first, and the new id its reply sets is the one to
  // keep (a cookie for this one would strand the cart under the other).
  if (opts.ifMoved && !moved) return;
  endSessionMove(c, move);
}

/** A rotation's parts (`rotateGuestSession`): the old id's hash, the new id and its hash. */
export interface SessionMove {
  from: string;
  to: string;
  next: string;
}

/** The caller's rotation to come (null: no valid session, nothing to rotate); nothing is written yet. */
export function guestSessionMove(c: Context): SessionMove | null {
  const old = sessionId(c);
  if (!old) return null;
  const secret = sessionSecret(c);
  const key = c.get("idempotencyKey" as never) as string | undefined;
  const next = key ? rotatedSessionId(secret, old, key) : mintSessionId(secret);
  return { from: sha256(old), to: sha256(next), next };
}

/**
 * What the old id had (its carts, its guest orders) becomes the new id's; answers how many rows moved. Inside a transaction of the
 * caller's (order placement moves them in the order's own transaction); `endSessionMove` once committed.
 */
export async function moveGuestSession(store: Store, { from, to }: SessionMove): Promise<number> {
  const move = sessionMoves.get(store) ?? sessionMoves.set(store, prepareSessionMoves(store)).get(store)!;
  const carts = await move.carts(to, from);
  const orders = await move.orders(to, from);
  return carts.length + orders.length;
}

/** The two statements of a session's move, built and compiled once per store (`Store.prepared`). */
const sessionMoves = new WeakMap<Store, ReturnType<typeof prepareSessionMoves>>();
function prepareSessionMoves(store: Store) {
  return {
    carts: store.prepared((to: string, from: string) =>
      store.qb
        .updateTable("carts")
        .set({ session_hash: to })
        .where("session_hash", "=", from)
        .returning("id"),
    ),
    orders: store.prepared((to: string, from: string) =>
      store.qb
        .updateTable("orders")
        .set({ session_hash: to })
        .where("session_hash", "=", from)
        .returning("id"),
    ),
  };
}

/** The moved session is the caller's from here on: the reply sets its cookie. */
export function endSessionMove(c: Context, move: SessionMove): void {
  useSession(c, move.next);
}

/** Whether a (rotated) session id owns anything: a cart or a guest order. */
export async function sessionInUse(store: Store, id: string): Promise<boolean> {
  const hash = sha256(id);
  const cart = await store.first(
    store.qb.selectFrom("carts").select("id").where("session_hash", "=", hash).limit(1),
  );
  if (cart) return true;
  return Boolean(
    await store.first(store.qb.selectFrom("orders").select("id").where("session_hash", "=", hash).limit(1)),
  );
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
