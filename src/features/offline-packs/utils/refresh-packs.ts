import { PACK_REFRESH_AFTER_MS } from "@/offline/shared/pack-rules";
import { listPacks, removeHalfPacks } from "./pack-store";
import { preparePack, savePack, scopeOfPack } from "./save-pack";
import { isOnline } from "@/offline/signal/online-signal";

/**
 * On app start, online: removes the caches of saves that never finished and saves again, one after the other,
 * every pack older than a day. A failed refresh keeps the pack as it was (a new one replaces it only once
 * complete); a save of the same category under way elsewhere is left alone (its lock).
 */
export async function refreshStalePacks(now = Date.now()): Promise<void> {
  await removeHalfPacks();
  for (const pack of await listPacks()) {
    if (now - pack.savedAt < PACK_REFRESH_AFTER_MS || !isOnline()) continue;
    try {
      const signal = new AbortController().signal;
      const prepared = await preparePack(scopeOfPack(pack), { signal, extraLists: pack.extraLists });
      await savePack(prepared, { signal });
    } catch (error) {
      console.warn(`Could not refresh the offline pack ${pack.key}`, error);
    }
  }
}
