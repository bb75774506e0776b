/*
 * The device wishlist: the guest's list, and for a customer the local mirror of the server list
 * (changes apply here at once, then go to the server as intents). Persisted on the device.
 */
import { useSyncExternalStore } from "react";
import { z } from "zod/mini";
import { storedProductSchema, type Product } from "@/api/product";
import { createPersistedStore } from "@/offline/cache/storage";
import { addToList, removeFromList } from "./utils/wishlist-rules";

export const DEVICE_WISHLIST_KEY = "wishlist";

const storedSchema = z.lazy(() => z.object({ owner: z.string(), items: z.array(storedProductSchema) }));
export type StoredWishlist = { owner: string; items: Product[] };

const store = createPersistedStore<StoredWishlist>(
  DEVICE_WISHLIST_KEY,
  (v) => {
    const parsed = storedSchema.safeParse(v);
    return parsed.success ? parsed.data : null;
  },
  () => ({ owner: "guest", items: [] }),
);

export const getWishlistState = store.get;

export function addToWishlist(product: Product): void {
  const s = store.get();
  store.set({ ...s, items: addToList(s.items, product) });
}

export function removeFromWishlist(id: number): void {
  const s = store.get();
  store.set({ ...s, items: removeFromList(s.items, id) });
}

export function replaceWishlist(owner: string, items: Product[]): void {
  store.set({ owner, items });
}

export function useDeviceWishlist(): StoredWishlist {
  return useSyncExternalStore(store.subscribe, store.get, store.getServerSnapshot);
}
