import type { Ctx, Deps } from "./context";
import { endSessionMove, guestSessionMove, issueToken, moveGuestSession, type CustomerRow } from "./auth";
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

/**
 * The guest session gets a new id (security review N7) and the guest's cart joins the customer's, in one
 * transaction. The move comes first, as in order placement (services/checkout.ts `placeOrder`): it takes the
 * session's carts, then its orders, and the merge reads the cart under the new id. An order of the same
 * guest placed at the same moment on another instance either moved the session first (the move then finds
 * nothing and there is nothing to merge) or waits for this one and finds the cart gone: the lines end up in
 * the order or in the customer's cart, never in both (decision 060).
 */
export async function logIn(d: Deps, c: Ctx, customer: CustomerRow): Promise<string> {
  const token = await issueToken(d.store, customer.id, d.tokenTtlMs);
  const move = guestSessionMove(c);
  if (move) {
    await d.store.tx(async () => {
      await moveGuestSession(d.store, move);
      await d.carts.merge(move.to, customer);
    });
    endSessionMove(c, move);
  }
  return token;
}
