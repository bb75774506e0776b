import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";
import type { ExpressionBuilder } from "kysely";
import type { AppEnv, Ctx } from "./context";
import type { DB } from "../db/schema";
import type { Store } from "../db/store";
import { SESSION_STARTED } from "../../src/api/contract/common";
import { rotatedSessionId, sessionCookieHeader, sessionId, sessionInUse, startSession } from "./auth";
import { sha256 } from "./crypto";
import { HttpError, MAX_BODY_BYTES, unauthenticated } from "./http";
import { retryableRoute, type RetryableRoute } from "./retryable-routes";

export { RETRYABLE_ROUTES, retryableRoute, type RetryableRoute } from "./retryable-routes";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Expired keys one statement deletes at most (`IdempotencyKeys.sweep`). */
export const EXPIRED_BATCH = 1000;
const IN_PROGRESS = "A request with this Idempotency-Key is still in progress.";

class RolledBack extends Error {}

/** A reply answered again for a retry whose first reply was lost. */
type Recover = (c: Ctx) => Response | Promise<Response>;

export interface IdempotencyLimits {
  /** a reply larger than this is not kept (its retry gets the route's recovery, or 409) */
  maxReplyBytes: number;
  /** the store's total size; beyond it the oldest replies go first (see IdempotencyKeys.sweep) */
  maxTotalBytes: number;
  maxRows: number;
  /** the share of both caps guests' replies may fill together; beyond it only guests' own oldest go */
  guestShare: number;
  /** the replies one customer keeps at most; beyond it only that customer's oldest go */
  maxRowsPerCustomer: number;
  ttlMs: number;
  /** how often an instance sweeps at most */
  sweepEveryMs: number;
}

export const DEFAULT_IDEMPOTENCY_LIMITS: IdempotencyLimits = {
  maxReplyBytes: 64 * 1024,
  maxTotalBytes: 32 * 1024 * 1024,
  maxRows: 50_000,
  guestShare: 0.5,
  maxRowsPerCustomer: 2_000,
  ttlMs: DAY_MS,
  sweepEveryMs: 60_000,
};

/** The rows one eviction pass may take: guests', one customer's, or any answered row. */
type Pool = { guests: true } | { customerId: number } | { any: true };

/** The request hash of a key claimed by one change of a cart batch (POST checkout/cart/batch). */
export const BATCH_CHANGE_REQUEST = "cart-batch-change";

/** Who a key belongs to; `session`: a guest's session id (null for a customer). */
export interface KeyScope {
  scope: string;
  session: string | null;
}

const SESSION_STARTED_MESSAGE = "A session was started for this device. Please send the request again.";

/**
 * The reply to a guest's write with an Idempotency-Key but no session (security review N4): a fresh session
 * cookie and 409, the change not made and the key not claimed. The client sends the same request again,
 * now with the cookie (src/api/client.ts does at once; 409 is retried anyway), and the key is applied in that
 * session's scope. So a key is only ever applied, and its reply only ever answered again, for the holder of
 * a session cookie: a reply lost on its way loses no cookie (the cookie came before), and a key by itself,
 * sent without the cookie from anywhere else, opens nothing.
 */
export function sessionStarted(c: Ctx): Response {
  startSession(c);
  return c.json({ message: SESSION_STARTED_MESSAGE, code: SESSION_STARTED }, 409, {
    "Cache-Control": "no-store",
  });
}

/** How an earlier request with a key went, as a batch answers it. */
export interface ChangeOutcome {
  status: "replayed" | "refused";
  message?: string;
}

/**
 * The kept keys and replies (the `idempotency_keys` table), for the middleware (one key per request, in a
 * header) and for the cart batch (one key per change, in the body): both put a key in the same scope, so a
 * change is made once whichever way it arrives.
 */
export class IdempotencyKeys {
  private lastSweep = 0;

  constructor(
    readonly store: Store,
    private readonly secret: string,
    readonly limits: IdempotencyLimits = DEFAULT_IDEMPOTENCY_LIMITS,
  ) {}

  /**
   * Keys are scoped to whoever sends them: a customer (by account, so a new token of the same customer still
   * replays) or a guest session (a cookie this server minted). A guest without one has no scope (null): it
   * gets `sessionStarted`, never a session derived from its key (security review N4).
   */
  scope(c: Ctx): KeyScope | null {
    const auth = c.get("auth");
    // A revoked or expired token never reads a stored reply (security review L3).
    if (auth.state === "invalid") throw unauthenticated();
    if (auth.state === "valid" && auth.customer)
      return { scope: `customer:${auth.customer.id}`, session: null };
    const session = sessionId(c);
    return session ? { scope: `session:${sha256(session)}`, session } : null;
  }

  /**
   * The exact replay of a guest's write that rotated its session (sent with the old cookie: the reply with
   * the new one was lost) sets the new cookie again. The new id is derived from the old one and the key, and
   * re-sent only if the write did rotate to it (the id owns the moved cart or order).
   */
  async rotatedCookie(c: Ctx, scope: KeyScope, key: string): Promise<Record<string, string>> {
    if (!scope.session) return {};
    const next = rotatedSessionId(this.secret, scope.session, key);
    return (await sessionInUse(this.store, next)) ? { "Set-Cookie": sessionCookieHeader(c, next) } : {};
  }

  keyHash(scope: KeyScope, key: string): string {
    return sha256(`${scope.scope}\n${key}`);
  }

  /**
   * Expired replies go (`EXPIRED_BATCH` a statement), then the oldest answered ones until the caps hold, by pool (security review N16):
   * guests' replies fill at most `guestShare` of the caps and beyond it only guests' own oldest go, so a
   * flood of guest sessions never evicts a customer's reply; a customer beyond `maxRowsPerCustomer` loses
   * only their own oldest; past both, the oldest answered rows go. A claim not answered yet (`status` 0: a
   * request on its way, or a change whose reply was lost in a crash or too large to keep) goes only when it
   * expires: dropping it would let its retry make the change again. At most once per `sweepEveryMs`.
   */
  async sweep(now = Date.now()): Promise<void> {
    const { store, limits } = this;
    if (now - this.lastSweep < limits.sweepEveryMs) return;
    this.lastSweep = now;
    const since = new Date(now - limits.ttlMs).toISOString();
    // In batches (as the data-hygiene sweeps): a day of a busy shop's keys is not deleted in one statement.
    for (;;) {
      const { changes } = await store.run(
        store.qb
          .deleteFrom("idempotency_keys")
          .where(
            "key_hash",
            "in",
            store.qb
              .selectFrom("idempotency_keys")
              .select("key_hash")
              .where("created_at", "<=", since)
              .limit(EXPIRED_BATCH),
          ),
      );
      if (changes < EXPIRED_BATCH) break;
    }
    await this.evict(
      { guests: true },
      limits.maxRows * limits.guestShare,
      limits.maxTotalBytes * limits.guestShare,
    );
    const heavy = await store.all(
      store.qb
        .selectFrom("idempotency_keys")
        .select("customer_id")
        .where("customer_id", "is not", null)
        .where("status", ">", 0)
        .groupBy("customer_id")
        .having((eb) => eb.fn.countAll(), ">", limits.maxRowsPerCustomer),
    );
    for (const { customer_id } of heavy)
      await this.evict({ customerId: customer_id! }, limits.maxRowsPerCustomer, Infinity);
    await this.evict({ any: true }, limits.maxRows, limits.maxTotalBytes);
  }

  /** The pool's oldest answered rows, in batches, until its rows and bytes are within the given caps. */
  private async evict(pool: Pool, maxRows: number, maxBytes: number): Promise<void> {
    const { store } = this;
    const inPool = (eb: ExpressionBuilder<DB, "idempotency_keys">) =>
      eb.and([
        eb("status", ">", 0),
        ...("guests" in pool
          ? [eb("customer_id", "is", null)]
          : "customerId" in pool
            ? [eb("customer_id", "=", pool.customerId)]
            : []),
      ]);
    const totals = await store.first(
      store.qb
        .selectFrom("idempotency_keys")
        .where(inPool)
        .select((eb) => [eb.fn.countAll<number>().as("rows"), eb.fn.sum<number>("bytes").as("bytes")]),
    );
    let rows = Number(totals?.rows ?? 0);
    let bytes = Number(totals?.bytes ?? 0);
    while (rows > maxRows || bytes > maxBytes) {
      const batch = await store.all(
        store.qb
          .selectFrom("idempotency_keys")
          .where(inPool)
          .select(["key_hash", "bytes"])
          .orderBy("created_at")
          // the rows over the cap (over the byte cap: a tenth), at most 5,000 a statement
          .limit(
            Math.min(5000, rows > maxRows ? Math.ceil(rows - maxRows) : Math.max(100, Math.ceil(rows / 10))),
          ),
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
  }

  /** The outcomes of the keys among these that were claimed before, by a batch or by a single write. */
  async earlier(keyHashes: string[]): Promise<Map<string, ChangeOutcome>> {
    const found = new Map<string, ChangeOutcome>();
    for (let i = 0; i < keyHashes.length; i += 500) {
      const rows = await this.store.all(
        this.store.qb
          .selectFrom("idempotency_keys")
          .select(["key_hash", "status", "body"])
          .where("key_hash", "in", keyHashes.slice(i, i + 500)),
      );
      for (const row of rows) found.set(row.key_hash, outcomeOf(row));
    }
    return found;
  }

  /**
   * Claims the key of one change of a batch with the reply it gets (`refusal`: the message of a change
   * refused); null when it was claimed already, else the earlier outcome. Inside the batch's transaction, so
   * a change and its claim commit together; a key claimed at the same moment by another request waits on
   * the unique row and finds it taken.
   */
  async claimChange(
    keyHash: string,
    customerId: number | null,
    reply: { message: string; refusal: boolean },
  ): Promise<ChangeOutcome | null> {
    const body = JSON.stringify(
      reply.refusal
        ? { message: reply.message, error: { message: reply.message, code: 0 } }
        : { message: reply.message },
    );
    const { changes } = await this.store.run(
      this.store.qb
        .insertInto("idempotency_keys")
        .values({
          key_hash: keyHash,
          request_hash: BATCH_CHANGE_REQUEST,
          status: 200,
          body,
          bytes: Buffer.byteLength(body),
          customer_id: customerId,
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.column("key_hash").doNothing()),
    );
    if (changes) return null;
    return (await this.earlier([keyHash])).get(keyHash) ?? { status: "replayed" };
  }
}

/**
 * A claimed key as a batch answers it: a refusal (a 422, or Bagisto's 200 with `error`, kept by a single
 * write or by a batch) is refused again with its message; anything else was made, so it is replayed.
 */
function outcomeOf(row: { status: number; body: string }): ChangeOutcome {
  let body: { message?: unknown; error?: unknown } = {};
  try {
    if (row.body) body = JSON.parse(row.body) as typeof body;
  } catch {
    body = {};
  }
  const { error } = body;
  const fromError =
    typeof error === "string"
      ? error
      : typeof error === "object" && error !== null && "message" in error && typeof error.message === "string"
        ? error.message
        : undefined;
  const message = fromError ?? (typeof body.message === "string" ? body.message : undefined);
  const status = row.status === 422 || error !== undefined ? "refused" : "replayed";
  return message === undefined ? { status } : { status, message };
}

interface Claim {
  keyHash: string;
  requestHash: string;
  customerId: number | null;
  claimed: boolean;
}

/**
 * DESIGN §2: the first reply to a key is kept for 24 h and answered again for the same key; the same key
 * with another request is 422. Keys are scoped as `IdempotencyKeys.scope` says; a guest without a session
 * gets one first (`sessionStarted`), so a key is never a credential by itself: a replay is answered only in
 * the scope that made it, and sets a cookie only as the exact replay of a write that rotated the session.
 *
 * Exactly once across a crash: the key is claimed inside the route's own transaction (Store.txHooks), so the
 * change and its claim commit together; the reply is stored right after. A retry that finds a claim without
 * a reply (the process died in between), or a key a cart batch claimed for one of its changes, does not
 * make the change again: it gets the route's recovery.
 */
export function idempotency(
  keys: IdempotencyKeys,
  recoverers: Record<NonNullable<RetryableRoute["recover"]>, Recover>,
): MiddlewareHandler<AppEnv> {
  const { store, limits } = keys;
  const inFlight = new Set<string>();
  const context = new AsyncLocalStorage<Claim>();

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

  return async (c, next) => {
    const key = c.req.header("idempotency-key");
    if (key === undefined) return next();
    const path = c.req.path;
    const route = retryableRoute(c.req.method, path);
    // A key on any other request is ignored: nothing is kept for it.
    if (!route) return next();
    if (!/^[\x21-\x7e]{1,200}$/.test(key))
      throw new HttpError(400, { message: "Invalid Idempotency-Key header." });

    const scope = keys.scope(c);
    if (!scope) return sessionStarted(c);
    c.set("idempotencyKey", key);
    const keyHash = keys.keyHash(scope, key);
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
    });
    const recover = async (r: Recover) => {
      const res = await r(c);
      const headers = new Headers(res.headers);
      for (const [k, v] of Object.entries(replayHeaders())) headers.set(k, v);
      return new Response(res.body, { status: res.status, headers });
    };
    if (stored) {
      // The outbox sent this change in a batch first (its reply there was lost): the state as it is now.
      if (stored.request_hash === BATCH_CHANGE_REQUEST && route.recover)
        return recover(recoverers[route.recover]);
      if (stored.request_hash !== requestHash) {
        throw new HttpError(422, {
          message: "This Idempotency-Key was already used for a different request.",
        });
      }
      if (stored.status > 0 && stored.body) {
        // The exact replay (this scope, this request, within its lifetime) of a write that rotated the
        // guest's session sets the new cookie again; nothing else ever sets a cookie on a replay.
        const rotated =
          route.rotates && stored.status >= 200 && stored.status < 300
            ? await keys.rotatedCookie(c, scope, key)
            : {};
        return new Response(stored.body, {
          status: stored.status,
          headers: { "Content-Type": "application/json; charset=UTF-8", ...replayHeaders(), ...rotated },
        });
      }
      if (!inFlight.has(keyHash)) {
        // The change was made (its claim committed with it) but its reply was not kept.
        if (route.recover) return recover(recoverers[route.recover]);
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
      customerId: c.get("auth").customer?.id ?? null,
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
    await keys.sweep(now);
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
        // The request that claimed the key fills its claim in; one that did not (it lost the claim to another
        // instance, its reply a 409) never overwrites the winner's kept reply.
        .onConflict((oc) =>
          claim.claimed
            ? oc.column("key_hash").doUpdateSet({ status: res.status, body: text, bytes })
            : oc.column("key_hash").doNothing(),
        ),
    );
  };
}

/** Logout: the customer's kept replies go with the session (security review L3). */
export async function forgetReplies(store: Store, customerId: number): Promise<void> {
  await store.run(store.qb.deleteFrom("idempotency_keys").where("customer_id", "=", customerId));
}
