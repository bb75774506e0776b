/*
 * The staff member signed in on the staff page (decision 43): a token of their own, in this tab's
 * sessionStorage, apart from the shopper's session (`auth` in localStorage), so a shop tablet used by a
 * shopper and by staff never mixes the two, and closing the tab signs staff out.
 */
import { useSyncExternalStore } from "react";

const STAFF_KEY = "staff-auth";
export interface StaffSession {
  token: string;
  name: string;
}

const listeners = new Set<() => void>();
let snapshot: StaffSession | null | undefined;

function read(): StaffSession | null {
  try {
    const raw = sessionStorage.getItem(STAFF_KEY);
    const v = raw ? (JSON.parse(raw) as Partial<StaffSession>) : null;
    return v && typeof v.token === "string" && typeof v.name === "string"
      ? { token: v.token, name: v.name }
      : null;
  } catch {
    return null;
  }
}

export function getStaffSession(): StaffSession | null {
  if (snapshot === undefined) snapshot = read();
  return snapshot;
}

export function setStaffSession(next: StaffSession | null): void {
  snapshot = next;
  try {
    if (next) sessionStorage.setItem(STAFF_KEY, JSON.stringify(next));
    else sessionStorage.removeItem(STAFF_KEY);
  } catch {
    // storage refused: the session lasts as long as the page
  }
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

export function useStaffSession(): StaffSession | null {
  return useSyncExternalStore(subscribe, getStaffSession, () => null);
}
