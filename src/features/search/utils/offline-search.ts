import MiniSearch from "minisearch";
import type { Product } from "@/api/product";
import { searchDocument } from "./saved-products";

/**
 * Searches products on the device with MiniSearch (loaded only when the shopper searches offline): a word of
 * the name finds a product, prefixes and small typos too; the name weighs more than the other words.
 */
export function searchSavedProducts(products: Product[], query: string): Product[] {
  const q = query.trim();
  if (!q) return [];
  const index = new MiniSearch<{ id: number; name: string; text: string }>({
    fields: ["name", "text"],
    searchOptions: { boost: { name: 3 }, prefix: true, fuzzy: 0.2, combineWith: "AND" },
  });
  index.addAll(products.map(searchDocument));
  const byId = new Map(products.map((p) => [p.id, p]));
  return index
    .search(q)
    .map((hit) => byId.get(hit.id as number))
    .filter((p): p is Product => Boolean(p));
}
