import { useSyncExternalStore } from "react";
import { isOnline, subscribeOnline } from "@/offline/signal/online-signal";

/**
 * True while the shop is believed reachable: the browser's `navigator.onLine`, corrected when the shop answered
 * while the browser still says offline (offline/signal/online-signal.ts).
 */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}
