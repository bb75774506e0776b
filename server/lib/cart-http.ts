import type { Ctx } from "./context";
import { ensureSession, optionalCustomer, sessionHash } from "./auth";
import { spliceJson } from "./http";
import type { CartOwner } from "../services/cart/cart-types";

/** The cart's HTTP side shared by the cart and checkout routes: whose cart a request is, and its replies. */

/** The caller's cart owner: the customer (token) or the guest session (cookie, created on first write). */
export function cartOwner(c: Ctx, create: boolean): CartOwner | null {
  const customer = optionalCustomer(c.get("auth"));
  if (customer) return { customerId: customer.id };
  const session = create ? ensureSession(c) : sessionHash(c);
  return session ? { sessionHash: session } : null;
}

/**
 * `{...fields, data: <cart>}` with the cart's JSON (`Carts.viewJson`) spliced in as it is: the same
 * text `c.json` would write for the cart's object, without parsing its product views. Every reply that
 * holds a cart is written through it (the checkout's `data: {cart}` too, and a cart change's recovery).
 */
export function cartReply(c: Ctx, fields: Record<string, unknown>, cart: Buffer) {
  return c.body(spliceJson(fields, "data", cart), 200, { "Content-Type": "application/json" });
}

/** `Prefer: return=minimal` (RFC 7240): a write's reply leaves the cart out (the client reads it afterwards). */
export function prefersMinimal(c: Ctx): boolean {
  return /(?:^|[\s,;])return=minimal(?:$|[\s,;])/i.test(c.req.header("prefer") ?? "");
}
