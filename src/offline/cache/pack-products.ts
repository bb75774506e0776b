import { productSchema } from "@/api/contract/product";
import { reshapeProduct, type Product } from "@/api/product";
import { PACK_INDEX_PATH, PACK_META_PATH, packKeyOf } from "@/offline/shared/pack-rules";

/**
 * A complete pack never changes under its cache name (an update saves a new cache, named by its save time,
 * and removes the old), so its products are read once per page, not at every offline search.
 */
const readPacks = new Map<string, Product[]>();

/**
 * A complete pack's products, parsed by the contract and reshaped; null for a half save (no metadata yet),
 * which is not remembered.
 */
async function readPack(name: string): Promise<Product[] | null> {
  const cache = await caches.open(name);
  if (!(await cache.match(new URL(PACK_META_PATH, location.origin).href))) return null;
  const index = await cache.match(new URL(PACK_INDEX_PATH, location.origin).href);
  const body: unknown = await index?.json().catch(() => null);
  const products = (body as { products?: unknown } | null | undefined)?.products;
  if (!Array.isArray(products)) return [];
  return products.flatMap((p: unknown) => {
    const parsed = productSchema.safeParse(p);
    return parsed.success ? [reshapeProduct(parsed.data)] : [];
  });
}

/**
 * The products of every complete offline pack on this device (each pack's index: the category's products as
 * the server listed them), for the offline search. A pack without its metadata is a half save and is skipped;
 * an unreadable index counts as empty, and a product the contract does not accept is left out. The index holds
 * the API's products as they came; they are reshaped here as every reply is (api/product.ts).
 */
export async function savedPackProducts(): Promise<Product[]> {
  if (typeof caches === "undefined") return [];
  const names = (await caches.keys()).filter((name) => packKeyOf(name) !== null);
  for (const name of readPacks.keys()) if (!names.includes(name)) readPacks.delete(name);
  const lists = await Promise.all(
    names.map(async (name) => {
      const known = readPacks.get(name);
      if (known) return known;
      const products = await readPack(name);
      if (products === null) return [];
      readPacks.set(name, products);
      return products;
    }),
  );
  return lists.flat();
}
