/*
 * The stored customer session (SPEC §3: localStorage key `auth`, holding the token and the customer data).
 * Kept in the api layer so the client can attach the token without importing a feature; who is shopping is
 * read from it in one place, src/session/.
 */
import { z } from "zod/mini";

const AUTH_KEY = "auth";
const PENDING_MOBILE_KEY = "pendingMobile";

const storedAuthSchema = z.lazy(() =>
  z.looseObject({
    token: z.string().check(z.minLength(1)),
    data: z.optional(z.unknown()),
  }),
);
export type StoredAuth = z.infer<typeof storedAuthSchema>;

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** The stored auth, or null for a guest (also when the stored value is unreadable). */
export function readAuth(): StoredAuth | null {
  const raw = storage()?.getItem(AUTH_KEY);
  if (!raw) return null;
  try {
    const parsed = storedAuthSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The bearer token of the logged-in customer, or null. */
export function readToken(): string | null {
  return readAuth()?.token ?? null;
}

/** Stores the auth object (the login reply) and notifies subscribers. */
export function writeAuth(auth: StoredAuth | null): void {
  const s = storage();
  if (auth) s?.setItem(AUTH_KEY, JSON.stringify(auth));
  else s?.removeItem(AUTH_KEY);
  listeners.forEach((l) => l());
}

/** Replaces the stored customer data (after a profile update), keeping the token; nothing when logged out. */
export function writeAuthCustomer(data: unknown): void {
  const auth = readAuth();
  if (auth) writeAuth({ ...auth, data });
}

/** Subscribes to auth changes in this tab and in others. */
export function subscribeAuth(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === AUTH_KEY || e.key === null) listener();
  };
  if (typeof window !== "undefined") window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== "undefined") window.removeEventListener("storage", onStorage);
  };
}

/** The phone number waiting for its one-time code, if any. */
export function readPendingMobile(): string | null {
  return storage()?.getItem(PENDING_MOBILE_KEY) ?? null;
}

export function writePendingMobile(phone: string | null): void {
  const s = storage();
  if (phone) s?.setItem(PENDING_MOBILE_KEY, phone);
  else s?.removeItem(PENDING_MOBILE_KEY);
}
