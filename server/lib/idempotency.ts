import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";
import type { Store } from "../db/store";
import { sha256 } from "./crypto";
import { HttpError, MAX_BODY_BYTES } from "./http";

const DAY_MS = 24 * 60 * 60 * 1000;

/** GET routes that change state (Bagisto's verbs), so they take an Idempotency-Key too. */
const WRITE_GETS =
  /^\/api\/(wishlist\/add\/|checkout\/cart\/remove-item\/|checkout\/cart\/empty|customer\/logout)/;

/**
 * DESIGN §2: the first reply to a key is stored for 24 h and replayed for the same key; the same key
 * with another request is 422. Keys are scoped to the customer's token; guests share one scope because a
 * guest's first write is the one that creates their session cookie, and its retry must still replay.
 */
export function idempotency(store: Store): MiddlewareHandler<AppEnv> {
  const inFlight = new Set<string>();
  let lastSweep = 0;
  return async (c, next) => {
    const key = c.req.header("idempotency-key");
    const path = c.req.path;
    if (key === undefined || (c.req.method === "GET" && !WRITE_GETS.test(path)) || c.req.method === "HEAD")
      return next();
    if (!/^[\x21-\x7e]{1,200}$/.test(key))
      throw new HttpError(400, { message: "Invalid Idempotency-Key header." });
    const identity =
      c.req.query("token") !== undefined ? (c.req.header("authorization") ?? "no-token") : "guest";
    const keyHash = sha256(`${identity}\n${key}`);
    const body = c.req.method === "GET" ? "" : await c.req.text();
    if (body.length > MAX_BODY_BYTES) throw new HttpError(413, { message: "The request body is too large." });
    const requestHash = sha256(`${c.req.method} ${path}\n${body}`);
    const since = new Date(Date.now() - DAY_MS).toISOString();
    const stored = store.first(
      store.qb
        .selectFrom("idempotency_keys")
        .selectAll()
        .where("key_hash", "=", keyHash)
        .where("created_at", ">", since),
    );
    if (stored) {
      if (stored.request_hash !== requestHash) {
        throw new HttpError(422, {
          message: "This Idempotency-Key was already used for a different request.",
        });
      }
      return new Response(stored.body, {
        status: stored.status,
        headers: {
          "Content-Type": "application/json; charset=UTF-8",
          "Idempotent-Replayed": "true",
          "Cache-Control": "no-store",
        },
      });
    }
    if (inFlight.has(keyHash))
      throw new HttpError(409, { message: "A request with this Idempotency-Key is still in progress." });
    inFlight.add(keyHash);
    try {
      await next();
    } finally {
      inFlight.delete(keyHash);
    }
    const res = c.res;
    if (res.status >= 500 || !(res.headers.get("content-type") ?? "").includes("json")) return;
    const text = await res.clone().text();
    const now = Date.now();
    if (now - lastSweep > 60_000) {
      lastSweep = now;
      store.run(store.qb.deleteFrom("idempotency_keys").where("created_at", "<=", since));
    }
    store.run(
      store.qb
        .insertInto("idempotency_keys")
        .values({
          key_hash: keyHash,
          request_hash: requestHash,
          status: res.status,
          body: text,
          created_at: new Date(now).toISOString(),
        })
        .onConflict((oc) =>
          oc.column("key_hash").doUpdateSet({
            request_hash: requestHash,
            status: res.status,
            body: text,
            created_at: new Date(now).toISOString(),
          }),
        ),
    );
  };
}
