import { useSyncExternalStore } from "react";
import { readAuth, subscribeAuth, type StoredAuth } from "@/api/auth-storage";
import { customerSchema, type Customer } from "@/api/contract/customer";

let cachedRaw: StoredAuth | null = null;
let cachedKey = "";

function snapshot(): StoredAuth | null {
  const auth = readAuth();
  const key = auth ? JSON.stringify(auth) : "";
  if (key !== cachedKey) {
    cachedKey = key;
    cachedRaw = auth;
  }
  return cachedRaw;
}

export interface AuthState {
  isLoggedIn: boolean;
  token: string | null;
  customer: Customer | null;
}

/** The stored session (SPEC §3 `auth`), following login and logout in every tab. */
export function useAuth(): AuthState {
  const auth = useSyncExternalStore(subscribeAuth, snapshot, () => null);
  const parsed = customerSchema.safeParse(auth?.data);
  return {
    isLoggedIn: auth !== null,
    token: auth?.token ?? null,
    customer: parsed.success ? parsed.data : null,
  };
}
