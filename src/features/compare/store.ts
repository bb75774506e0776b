/* The compare list: local only (no server calls exist for it), persisted on the device. */
import { useSyncExternalStore } from "react";
import { z } from "zod/mini";
import { storedProductSchema, type Product } from "@/api/product";
import { createPersistedStore } from "@/offline/cache/storage";
import { addToCompareList, removeFromCompareList } from "./utils/compare-rules";

export const COMPARE_KEY = "compare";

const listSchema = z.lazy(() => z.array(storedProductSchema));

const store = createPersistedStore<Product[]>(
  COMPARE_KEY,
  (v) => {
    const parsed = listSchema.safeParse(v);
    return parsed.success ? parsed.data : null;
  },
  () => [],
);

export const getCompareList = store.get;

export function addToCompare(product: Product): void {
  store.set(addToCompareList(store.get(), product));
}

export function removeFromCompare(id: number): void {
  store.set(removeFromCompareList(store.get(), id));
}

export function useCompareList(): Product[] {
  return useSyncExternalStore(store.subscribe, store.get, store.getServerSnapshot);
}

export function clearCompare(): void {
  store.set([]);
}
