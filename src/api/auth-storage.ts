/*
 * The stored customer session (SPEC §3: localStorage key `auth`, holding the token and the customer data).
 * Kept in the api layer so the client can attach the token without importing a feature.
 */
import { z } from "zod";

const AUTH_KEY = "auth";
const PENDING_MOBILE_KEY = "pendingMobile";

const storedAuthSchema = z.looseObject({
  token: z.string().min(1),
  data: z.unknown().optional(),
});
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

/**
 * Whose cart and wishlist the device holds for the stored session: "guest" or "customer:<id>" (SPEC §3: the
 * customer data carries the id).
 */
export function readOwner(): string {
  const auth = readAuth();
  if (!auth) return "guest";
  const data = auth.data as { id?: unknown } | undefined;
  return `customer:${typeof data?.id === "number" || typeof data?.id === "string" ? String(data.id) : "?"}`;
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
