import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";
import type { AppEnv, Ctx } from "../context";
import type { Store } from "../db/store";
import { sessionCookieHeader, sessionHash } from "./auth";
import { sha256 } from "./crypto";
import { HttpError, MAX_BODY_BYTES, unauthenticated } from "./http";
import { hmac } from "./secret";

const DAY_MS = 24 * 60 * 60 * 1000;
const IN_PROGRESS = "A request with this Idempotency-Key is still in progress.";

class RolledBack extends Error {}

/** A reply answered again for a retry whose first reply was lost. */
type Recover = (c: Ctx) => Response | Promise<Response>;

/**
 * The writes that declare themselves retryable: the storefront's outbox, checkout and forms send these with
 * an Idempotency-Key, and only their replies are kept. Auth endpoints (login, register, codes, logout) are
 * not here: their replies hold tokens and are never stored (security review L3). `recover` answers a
 * retry of a request whose change was committed but whose reply was never stored (the process died in
 * between): the change is not made twice, the shopper gets the current state instead.
 */
export interface RetryableRoute {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: RegExp;
  recover?: "cart";
}

export const RETRYABLE_ROUTES: RetryableRoute[] = [
  { method: "POST", path: /^\/api\/checkout\/cart\/add\/\d+$/, recover: "cart" },
  { method: "PUT", path: /^\/api\/checkout\/cart\/update$/, recover: "cart" },
  { method: "GET", path: /^\/api\/checkout\/cart\/remove-item\/\d+$/, recover: "cart" },
  { method: "GET", path: /^\/api\/checkout\/cart\/empty$/, recover: "cart" },
  { method: "POST", path: /^\/api\/checkout\/cart\/coupon$/ },
  { method: "DELETE", path: /^\/api\/checkout\/cart\/coupon$/ },
  { method: "GET", path: /^\/api\/wishlist\/add\/\d+$/ },
  { method: "DELETE", path: /^\/api\/wishlist\/\d+$/ },
  { method: "POST", path: /^\/api\/checkout\/(save-address|save-shipping|save-payment|save-order)$/ },
  { method: "POST", path: /^\/api\/addresses\/create$/ },
  { method: "PUT", path: /^\/api\/addresses\/\d+$/ },
  { method: "DELETE", path: /^\/api\/addresses\/\d+$/ },
  { method: "POST", path: /^\/api\/(contactrequest|contactsubscribe)$/ },
  { method: "POST", path: /^\/api\/reviews\/\d+\/create$/ },
];

export function retryableRoute(method: string, path: string): RetryableRoute | undefined {
  return RETRYABLE_ROUTES.find((r) => r.method === method && r.path.test(path));
}

export interface IdempotencyLimits {
  /** a reply larger than this is not kept (its retry gets the route's recovery, or 409) */
  maxReplyBytes: number;
  /** the store's total size; beyond it the oldest replies go first */
  maxTotalBytes: number;
  maxRows: number;
  ttlMs: number;
}

export const DEFAULT_IDEMPOTENCY_LIMITS: IdempotencyLimits = {
  maxReplyBytes: 64 * 1024,
  maxTotalBytes: 32 * 1024 * 1024,
  maxRows: 50_000,
  ttlMs: DAY_MS,
};

interface Claim {
  keyHash: string;
  requestHash: string;
  customerId: number | null;
  claimed: boolean;
}

/**
 * DESIGN §2: the first reply to a key is kept for 24 h and answered again for the same key; the same key
 * with another request is 422. Keys are scoped to whoever sends them: a customer (by account, so a new
 * token of the same customer still replays) or a guest session. A guest's first write, the one that creates
 * the session, gets a session id derived from HMAC(secret, key): its retry — whose first reply and cookie
 * were lost — lands in the same scope and gets the same cookie again (security review M5).
 *
 * Exactly once across a crash: the key is claimed inside the route's own transaction (Store.txHooks), so the
 * change and its claim commit together; the reply is stored right after. A retry that finds a claim without
 * a reply (the process died in between) does not make the change again.
 */
export function idempotency(
  store: Store,
  secret: string,
  recoverers: Record<NonNullable<RetryableRoute["recover"]>, Recover>,
  limits: IdempotencyLimits = DEFAULT_IDEMPOTENCY_LIMITS,
): MiddlewareHandler<AppEnv> {
  const inFlight = new Set<string>();
  const context = new AsyncLocalStorage<Claim>();
  let lastSweep = 0;

  /** Claims the key; `exclusive`: a claim someone else committed first makes this request a 409. */
  const insertClaim = async (claim: Claim, exclusive: boolean) => {
    const { changes } = await store.run(
      store.qb
        .insertInto("idempotency_keys")
        .values({
          key_hash: claim.keyHash,
          request_hash: claim.requestHash,
          status: 0,
          body: "",
          bytes: 0,
          customer_id: claim.customerId,
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.column("key_hash").doNothing()),
    );
    if (!changes && exclusive) throw new HttpError(409, { message: IN_PROGRESS });
    claim.claimed = true;
  };
  store.txHooks.push(async () => {
    const claim = context.getStore();
    if (claim && !claim.claimed) await insertClaim(claim, true);
  });

  const sweep = async (now: number) => {
    if (now - lastSweep < 60_000) return;
    lastSweep = now;
    const since = new Date(now - limits.ttlMs).toISOString();
    await store.run(store.qb.deleteFrom("idempotency_keys").where("created_at", "<=", since));
    const totals = await store.first(
      store.qb
        .selectFrom("idempotency_keys")
        .select((eb) => [eb.fn.countAll<number>().as("rows"), eb.fn.sum<number>("bytes").as("bytes")]),
    );
    let rows = Number(totals?.rows ?? 0);
    let bytes = Number(totals?.bytes ?? 0);
    // Oldest first, in batches, until both caps hold again.
    while (rows > limits.maxRows || bytes > limits.maxTotalBytes) {
      const batch = await store.all(
        store.qb
          .selectFrom("idempotency_keys")
          .select(["key_hash", "bytes"])
          .orderBy("created_at")
          .limit(Math.max(100, Math.ceil(rows / 10))),
      );
      if (!batch.length) break;
      await store.run(
        store.qb.deleteFrom("idempotency_keys").where(
          "key_hash",
          "in",
          batch.map((b) => b.key_hash),
        ),
      );
      rows -= batch.length;
      bytes -= batch.reduce((sum, b) => sum + b.bytes, 0);
    }
  };

  return async (c, next) => {
    const key = c.req.header("idempotency-key");
    if (key === undefined) return next();
    const path = c.req.path;
    const route = retryableRoute(c.req.method, path);
    // A key on any other request is ignored: nothing is kept for it.
    if (!route) return next();
    if (!/^[\x21-\x7e]{1,200}$/.test(key))
      throw new HttpError(400, { message: "Invalid Idempotency-Key header." });

    const auth = c.get("auth");
    // A revoked or expired token never reads a stored reply (security review L3).
    if (auth.state === "invalid") throw unauthenticated();
    let scope: string;
    let derivedSession: string | null = null;
    if (auth.state === "valid" && auth.customer) scope = `customer:${auth.customer.id}`;
    else {
      const session = sessionHash(c);
      if (session) scope = `session:${session}`;
      else {
        derivedSession = hmac(secret, `guest-session\n${key}`).slice(0, 32);
        c.set("derivedSession", derivedSession);
        scope = `session:${sha256(derivedSession)}`;
      }
    }
    const keyHash = sha256(`${scope}\n${key}`);
    const body = c.req.method === "GET" ? "" : await c.req.text();
    if (body.length > MAX_BODY_BYTES) throw new HttpError(413, { message: "The request body is too large." });
    const requestHash = sha256(`${c.req.method} ${path}\n${body}`);
    const since = new Date(Date.now() - limits.ttlMs).toISOString();
    const stored = await store.first(
      store.qb
        .selectFrom("idempotency_keys")
        .selectAll()
        .where("key_hash", "=", keyHash)
        .where("created_at", ">", since),
    );
    const replayHeaders = (): Record<string, string> => ({
      "Idempotent-Replayed": "true",
      "Cache-Control": "no-store",
      ...(derivedSession ? { "Set-Cookie": sessionCookieHeader(c, derivedSession) } : {}),
    });
    if (stored) {
      if (stored.request_hash !== requestHash) {
        throw new HttpError(422, {
          message: "This Idempotency-Key was already used for a different request.",
        });
      }
      if (stored.status > 0 && stored.body) {
        return new Response(stored.body, {
          status: stored.status,
          headers: { "Content-Type": "application/json; charset=UTF-8", ...replayHeaders() },
        });
      }
      if (!inFlight.has(keyHash)) {
        // The change was made (its claim committed with it) but its reply was not kept.
        const recover = route.recover ? recoverers[route.recover] : null;
        if (recover) {
          const res = await recover(c);
          const headers = new Headers(res.headers);
          for (const [k, v] of Object.entries(replayHeaders())) headers.set(k, v);
          return new Response(res.body, { status: res.status, headers });
        }
        throw new HttpError(409, {
          message: "This change was already made; its reply is no longer available.",
        });
      }
    }
    if (inFlight.has(keyHash)) throw new HttpError(409, { message: IN_PROGRESS });
    inFlight.add(keyHash);
    const claim: Claim = {
      keyHash,
      requestHash,
      customerId: auth.customer?.id ?? null,
      claimed: false,
    };
    try {
      // The route runs in one transaction that ends with the key's claim (Store.txHooks): the change and its
      // claim commit together, and the same key sent to another instance at the same moment waits on the
      // claim's unique row, finds it taken, and rolls its own change back (409): applied once.
      await context.run(claim, () =>
        store.tx(async () => {
          await next();
          // Hono turned a thrown error into the reply: whatever the route wrote goes back.
          if (c.error) throw new RolledBack();
        }),
      );
    } catch (e) {
      if (!(e instanceof RolledBack)) throw e;
    } finally {
      inFlight.delete(keyHash);
    }
    const res = c.res;
    const keep = (res.status >= 200 && res.status < 300) || res.status === 409 || res.status === 422;
    if (!keep || !(res.headers.get("content-type") ?? "").includes("json")) return;
    const text = await res.clone().text();
    const now = Date.now();
    await sweep(now);
    const bytes = Buffer.byteLength(text);
    if (bytes > limits.maxReplyBytes) {
      // Too large to keep: a claim (if the change made one) stays, so a retry gets the recovery.
      if (!claim.claimed) await insertClaim(claim, false);
      return;
    }
    await store.run(
      store.qb
        .insertInto("idempotency_keys")
        .values({
          key_hash: keyHash,
          request_hash: requestHash,
          status: res.status,
          body: text,
          bytes,
          customer_id: claim.customerId,
          created_at: new Date(now).toISOString(),
        })
        .onConflict((oc) => oc.column("key_hash").doUpdateSet({ status: res.status, body: text, bytes })),
    );
  };
}

/** Logout: the customer's kept replies go with the session (security review L3). */
export async function forgetReplies(store: Store, customerId: number): Promise<void> {
  await store.run(store.qb.deleteFrom("idempotency_keys").where("customer_id", "=", customerId));
}
