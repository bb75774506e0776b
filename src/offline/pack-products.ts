import { PACK_INDEX_PATH, PACK_META_PATH, packKeyOf } from "./pack-rules";

/**
 * A complete pack never changes under its cache name (an update saves a new cache, named by its save time,
 * and removes the old), so its products are read once per page, not at every offline search.
 */
const readPacks = new Map<string, Promise<unknown[]>>();

/** A complete pack's products; null for a half save (no metadata yet), which is not remembered. */
async function readPack(name: string): Promise<unknown[] | null> {
  const cache = await caches.open(name);
  if (!(await cache.match(new URL(PACK_META_PATH, location.origin).href))) return null;
  const index = await cache.match(new URL(PACK_INDEX_PATH, location.origin).href);
  const body: unknown = await index?.json().catch(() => null);
  const products = (body as { products?: unknown } | null | undefined)?.products;
  return Array.isArray(products) ? (products as unknown[]) : [];
}

/**
 * The products of every complete offline pack on this device (each pack's index: the category's products as
 * the server listed them), for the offline search. A pack without its metadata is a half save and is skipped;
 * an unreadable index counts as empty.
 */
export async function savedPackProducts(): Promise<unknown[]> {
  if (typeof caches === "undefined") return [];
  const names = (await caches.keys()).filter((name) => packKeyOf(name) !== null);
  for (const name of readPacks.keys()) if (!names.includes(name)) readPacks.delete(name);
  const lists = await Promise.all(
    names.map(async (name) => {
      const known = readPacks.get(name);
      if (known) return known;
      const products = await readPack(name);
      if (products === null) return [];
      readPacks.set(name, Promise.resolve(products));
      return products;
    }),
  );
  return lists.flat();
}
