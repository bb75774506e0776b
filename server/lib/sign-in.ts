import type { Ctx, Deps } from "./context";
import { issueToken, rotateGuestSession, sessionHash, type CustomerRow } from "./auth";
import { HttpError } from "./http";
import type { RateLimiter } from "./rate-limit";

/** What the customer routes (account, password reset, one-time codes) share: limits, hashing, logging in. */

const TOO_MANY = "Too many requests, please try again later.";

/** 429 with Retry-After. */
export function refuse(c: Ctx, retryAfter: number): never {
  c.header("Retry-After", String(retryAfter));
  throw new HttpError(429, { message: TOO_MANY, error: TOO_MANY });
}

/** Takes one from the limiter's budget for `key`, or refuses the request. */
export async function limit(c: Ctx, limiter: RateLimiter, key: string): Promise<void> {
  const hit = await limiter.take(key);
  if (!hit.ok) refuse(c, hit.retryAfter);
}

/**
 * Password hashing goes through the shared gate: in turn per client address (`clientIp`) and per account
 * (N5).
 */
export function hashed<T>(d: Deps, client: string, account: string | null, fn: () => Promise<T>): Promise<T> {
  return d.hashGate.run(fn, [client, ...(account ? [`account:${account}`] : [])]);
}

/** The guest's cart joins the customer's, and the guest session gets a new id (security review N7). */
export async function logIn(d: Deps, c: Ctx, customer: CustomerRow): Promise<string> {
  const token = await issueToken(d.store, customer.id, d.tokenTtlMs);
  const session = sessionHash(c);
  if (session)
    await d.store.tx(async () => {
      await d.carts.merge(session, customer);
      await rotateGuestSession(c, d.store);
    });
  return token;
}
