import type { Insertable } from "kysely";
import type { ReviewTable } from "../db/schema";
import type { Store } from "../db/store";

/** Product reviews: the approved ones are shown; a new one waits for moderation. */

/** A page of approved reviews, newest first (of one product, or all), and how many there are. */
export async function approvedReviews(
  store: Store,
  productId: number | undefined,
  page: number,
  limit: number,
) {
  let base = store.qb.selectFrom("reviews").where("status", "=", "approved");
  if (productId !== undefined) base = base.where("product_id", "=", productId);
  const total = (await store.first(base.select((eb) => eb.fn.countAll<number>().as("n"))))?.n ?? 0;
  const rows = await store.all(
    base
      .selectAll()
      .orderBy("id", "desc")
      .limit(limit)
      .offset((page - 1) * limit),
  );
  return { total, rows };
}

export async function approvedReview(store: Store, id: number) {
  return await store.first(
    store.qb.selectFrom("reviews").selectAll().where("id", "=", id).where("status", "=", "approved"),
  );
}

/** Stores a review and answers it as stored. */
export async function insertReview(store: Store, review: Insertable<ReviewTable>) {
  const id = await store.insert(store.qb.insertInto("reviews").values(review));
  return (await store.first(store.qb.selectFrom("reviews").selectAll().where("id", "=", id)))!;
}
