/*
 * The query cache persisted in IndexedDB (idb-keyval) so that what was browsed stays browsable offline.
 * The buster is the app version: a new build starts from a clean cache instead of reading old shapes.
 */
import type { PersistedClient, Persister } from "@tanstack/query-persist-client-core";
import { del, get, set } from "idb-keyval";

export const PERSIST_KEY = "bicycle-shop-query-cache";
export const PERSIST_MAX_AGE = 7 * 24 * 60 * 60 * 1000;
export const PERSIST_BUSTER = __APP_VERSION__;

export function createIdbPersister(key: string = PERSIST_KEY): Persister {
  return {
    persistClient: async (client: PersistedClient) => {
      try {
        await set(key, client);
      } catch (error) {
        // Quota or a closed database: keep the app running; the next persist tries again.
        console.warn("Could not persist the query cache", error);
      }
    },
    restoreClient: async () => {
      try {
        return await get<PersistedClient>(key);
      } catch {
        return undefined;
      }
    },
    removeClient: async () => {
      await del(key);
    },
  };
}
