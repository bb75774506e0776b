import { useEffect, useState } from "react";
import { get, set } from "idb-keyval";
import { keyvalStore } from "@/offline/shared/idb-store";
import { parseRecent, recordRecent, type RecentProduct } from "../utils/recent-list";

/** IndexedDB key of the list (idb-keyval's default store); the device keeps it offline too. */
const KEY = "recently-viewed";

let queue: Promise<unknown> = Promise.resolve();

/** Records that the shopper opened a product (writes are queued, so two quick views both land). */
export function rememberProduct(product: RecentProduct): Promise<RecentProduct[]> {
  const next = queue.then(async () => {
    const list = recordRecent(parseRecent(await get(KEY, keyvalStore())), product);
    await set(KEY, list, keyvalStore());
    return list;
  });
  queue = next.catch(() => undefined);
  return next;
}

export async function readRecentlyViewed(): Promise<RecentProduct[]> {
  await queue;
  return parseRecent(await get(KEY, keyvalStore()));
}

/**
 * The products recently opened on this device, most recent first. Empty until read after mount (the server
 * render and the first client render agree); `current`, when given, is recorded first and left out.
 */
export function useRecentlyViewed(current?: RecentProduct): RecentProduct[] {
  const [list, setList] = useState<RecentProduct[]>([]);
  const currentId = current?.id;
  const currentKey = current ? JSON.stringify(current) : null;
  useEffect(() => {
    let live = true;
    const load = currentKey ? rememberProduct(JSON.parse(currentKey) as RecentProduct) : readRecentlyViewed();
    load.then(
      (items) => live && setList(items.filter((p) => p.id !== currentId)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [currentKey, currentId]);
  return list;
}
