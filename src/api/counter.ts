/*
 * The shop counter's calls (issue 40 items 1 and 2, decision 43): the staff page's, with the staff member's
 * own token (kept apart from the shopper's session on the same device), and the shopper's device asking
 * whether its cart code was imported.
 */
import { z } from "zod/mini";
import { apiFetch } from "./client";
import {
  cartImportReplySchema,
  handoverReplySchema,
  staffReplySchema,
  type CartImportReply,
} from "./contract/counter";

const loginReplySchema = z.lazy(() => z.looseObject({ token: z.string() }));

/** Logs a staff member in (the shop's customer log-in); the token, not stored as the shopper's session. */
export async function staffLogIn(email: string, password: string): Promise<string> {
  const reply = await apiFetch("customer/login", {
    method: "POST",
    query: { token: "true" },
    body: { email, password },
    schema: loginReplySchema,
    auth: "none",
  });
  return reply.token;
}

/** The staff member a token belongs to; ApiError 403 for a customer who is not staff. */
export async function readStaff(token: string) {
  return (await apiFetch("staff/me", { schema: staffReplySchema, bearer: token })).data;
}

/** Imports a scanned cart code into a new cart for the counter (once per code). */
export async function importCartCode(token: string, code: string): Promise<CartImportReply> {
  return apiFetch("staff/cart-import", {
    method: "POST",
    body: { code },
    schema: cartImportReplySchema,
    bearer: token,
  });
}

/** Whether the counter has imported the cart code with this key (the shopper's device asks). */
export async function readHandover(key: string, signal?: AbortSignal) {
  return (
    await apiFetch(`cart-handover/${encodeURIComponent(key)}`, {
      schema: handoverReplySchema,
      auth: "none",
      signal,
      timeoutMs: 10_000,
    })
  ).data;
}
