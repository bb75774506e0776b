import type { Store } from "../db/store";

/** A customer's wishlist: one row per product. */

/** The products on the customer's wishlist (to mark them in product lists). */
export async function wishlistProductIds(store: Store, customerId: number): Promise<Set<number>> {
  return new Set(
    (
      await store.all(
        store.qb.selectFrom("wishlist_items").select("product_id").where("customer_id", "=", customerId),
      )
    ).map((w) => w.product_id),
  );
}

/** The customer's wishlist, newest first: one page (`page` null: all of it), and how many there are. */
export async function wishlistPage(store: Store, customerId: number, page: number | null, limit: number) {
  const base = store.qb.selectFrom("wishlist_items").where("customer_id", "=", customerId);
  const total = (await store.first(base.select((eb) => eb.fn.countAll<number>().as("n"))))?.n ?? 0;
  let rowsQ = base.selectAll().orderBy("id", "desc");
  if (page !== null) rowsQ = rowsQ.limit(limit).offset((page - 1) * limit);
  return { total, rows: await store.all(rowsQ) };
}

/**
 * Toggles a product on the customer's wishlist: removes it when it is there (null), else adds it and
 * answers the new row's id.
 */
export async function toggleWishlistItem(
  store: Store,
  customerId: number,
  productId: number,
  now: string,
): Promise<number | null> {
  const existing = await store.first(
    store.qb
      .selectFrom("wishlist_items")
      .selectAll()
      .where("customer_id", "=", customerId)
      .where("product_id", "=", productId),
  );
  if (existing) {
    await store.run(store.qb.deleteFrom("wishlist_items").where("id", "=", existing.id));
    return null;
  }
  return await store.insert(
    store.qb
      .insertInto("wishlist_items")
      .values({ customer_id: customerId, product_id: productId, created_at: now, updated_at: now }),
  );
}

/** Removes the customer's wishlist row `id`; false: none of theirs. */
export async function removeWishlistItem(store: Store, customerId: number, id: number): Promise<boolean> {
  const res = await store.run(
    store.qb.deleteFrom("wishlist_items").where("id", "=", id).where("customer_id", "=", customerId),
  );
  return res.changes > 0;
}
