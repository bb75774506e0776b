import { PACK_INDEX_PATH, PACK_META_PATH, packKeyOf } from "./pack-rules";

/**
 * The products of every complete offline pack on this device (each pack's index: the category's products as
 * the server listed them), for the offline search. A pack without its metadata is a half save and is skipped;
 * an unreadable index counts as empty.
 */
export async function savedPackProducts(): Promise<unknown[]> {
  if (typeof caches === "undefined") return [];
  const names = (await caches.keys()).filter((name) => packKeyOf(name) !== null);
  const lists = await Promise.all(
    names.map(async (name) => {
      const cache = await caches.open(name);
      if (!(await cache.match(new URL(PACK_META_PATH, location.origin).href))) return [];
      const index = await cache.match(new URL(PACK_INDEX_PATH, location.origin).href);
      const body: unknown = await index?.json().catch(() => null);
      const products = (body as { products?: unknown } | null | undefined)?.products;
      return Array.isArray(products) ? (products as unknown[]) : [];
    }),
  );
  return lists.flat();
}
