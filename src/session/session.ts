/*
 * Who is shopping (issue 17 item 6): the one reading of the stored login (api/auth-storage.ts, SPEC §3 `auth`)
 * that cart, wishlist, account and checkout share. Plain functions here; the React hook is use-session.ts.
 * The writes (login, profile update, logout) stay in api/auth-storage.ts: the api client reads the token from
 * there, and the api layer may not import this room.
 */
import { readAuth, subscribeAuth, type StoredAuth } from "@/api/auth-storage";
import { reshapeCustomer, type Customer } from "@/api/customer";
import { customerSchema } from "@/api/contract/customer";

/** Whose cart and wishlist the device holds: a guest, or a customer by id ("?" when the stored data lacks it). */
export type Owner = "guest" | `customer:${string}`;

export interface Session {
  owner: Owner;
  /** A token is stored: the api client sends it, so the server sees a customer. */
  isLoggedIn: boolean;
  /** The stored customer data (SPEC §3: as the login reply gave it), reshaped; null for a guest or unreadable data. */
  customer: Customer | null;
}

export const GUEST_SESSION: Session = Object.freeze({ owner: "guest", isLoggedIn: false, customer: null });

/** The session a stored auth stands for (null, or an unreadable stored value, is a guest). */
export function sessionOf(auth: StoredAuth | null): Session {
  if (!auth) return GUEST_SESSION;
  const parsed = customerSchema.safeParse(auth.data);
  const customer = parsed.success ? reshapeCustomer(parsed.data) : null;
  const id = (auth.data as { id?: unknown } | undefined)?.id;
  const known = typeof id === "number" || typeof id === "string" ? String(id) : "?";
  return { owner: `customer:${known}`, isLoggedIn: true, customer };
}

let cachedKey = "";
let cached: Session = GUEST_SESSION;

/**
 * The current session, the same object as long as the stored auth has not changed (useSyncExternalStore
 * compares snapshots by identity).
 */
export function readSession(): Session {
  const auth = readAuth();
  const key = auth ? JSON.stringify(auth) : "";
  if (key !== cachedKey) {
    cachedKey = key;
    cached = sessionOf(auth);
  }
  return cached;
}

/** Calls back on login and logout, in this tab and in others (storage events). */
export const subscribeSession = subscribeAuth;
