import { useSyncExternalStore } from "react";
import { createPersistedStore } from "@/offline/cache/storage";
import { cleanFit, type RiderFit } from "./size-rule";

/**
 * The rider's height and inseam, remembered on this device only (localStorage, never sent to the server and
 * never in the sync report). The server renders without it; the browser reads it after hydration.
 */
export const FIT_STORAGE_KEY = "rider-fit";

const NONE: RiderFit = { height: null, inseam: null };

function parseFit(value: unknown): RiderFit | null {
  if (typeof value !== "object" || value === null) return null;
  const { height, inseam } = value as Record<string, unknown>;
  return cleanFit({
    height: typeof height === "number" ? height : null,
    inseam: typeof inseam === "number" ? inseam : null,
  });
}

const store = createPersistedStore<RiderFit>(FIT_STORAGE_KEY, parseFit, () => NONE);

export function saveRiderFit(fit: RiderFit): void {
  store.set(cleanFit(fit));
}

/** The remembered measurements (none on the server and during hydration), following other tabs. */
export function useRiderFit(): RiderFit {
  return useSyncExternalStore(store.subscribe, store.get, store.getServerSnapshot);
}
