/** A product the shopper opened on this device: public catalogue data only, nothing personal. */
export interface RecentProduct {
  id: number;
  urlKey: string;
  name: string;
  image: string | null;
}

export const RECENT_LIMIT = 20;

/** The list after opening `product`: most recent first, each product once, at most `limit`. */
export function recordRecent(
  list: RecentProduct[],
  product: RecentProduct,
  limit = RECENT_LIMIT,
): RecentProduct[] {
  return [product, ...list.filter((p) => p.id !== product.id)].slice(0, limit);
}

/** A stored list read back (storage is user-editable): only well-formed entries survive. */
export function parseRecent(value: unknown): RecentProduct[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (p): p is RecentProduct =>
        typeof p === "object" &&
        p !== null &&
        Number.isInteger((p as RecentProduct).id) &&
        typeof (p as RecentProduct).urlKey === "string" &&
        typeof (p as RecentProduct).name === "string" &&
        ((p as RecentProduct).image === null || typeof (p as RecentProduct).image === "string"),
    )
    .slice(0, RECENT_LIMIT);
}
