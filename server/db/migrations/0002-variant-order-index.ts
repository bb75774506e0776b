import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("product_variants_product_position_idx")
    .on("product_variants")
    .columns(["product_id", "position"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("product_variants_product_position_idx").execute();
}
