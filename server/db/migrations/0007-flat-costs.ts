import type { Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * Flat costs at any catalogue size (#14 item 4).
 * - A product's categories and review counts are read from covering indexes, in the order the detail wants
 *   them (no table lookups, no temporary B-tree for the ORDER BY / GROUP BY).
 * - A list filtered by colour or size alone walks the sort's index and asks, per product, whether it has
 *   such a variant: that probe reads one index (product, colour, size), not the variant rows.
 * - PostgreSQL: the sort indexes end with the id, the lists' tie-break (`order by <column>, id`), so a
 *   sorted list (per category or not) walks one index in order and stops at the page. SQLite's indexes
 *   already end with the rowid, which is the id.
 */
const SORTS = ["final_price", "sale_count", "created_at", "name", "rating"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("product_categories_product_position_idx")
    .on("product_categories")
    .columns(["product_id", "position", "category_id"])
    .execute();
  await db.schema.dropIndex("product_categories_product_idx").execute();
  await db.schema
    .createIndex("reviews_product_rating_idx")
    .on("reviews")
    .columns(["product_id", "status", "rating"])
    .execute();
  await db.schema.dropIndex("reviews_product_idx").execute();
  await db.schema
    .createIndex("product_variants_product_options_idx")
    .on("product_variants")
    .columns(["product_id", "color_option_id", "size_option_id"])
    .execute();
  await db.schema.dropIndex("product_variants_product_idx").execute();
  if (!isPostgres(db)) return;
  for (const col of SORTS) {
    await db.schema.dropIndex(`products_category_${col}_idx`).execute();
    await db.schema
      .createIndex(`products_category_${col}_idx`)
      .on("products")
      .columns(["category_id", col, "id"])
      .execute();
  }
  for (const col of [...SORTS, "discount"]) {
    await db.schema.dropIndex(`products_${col}_idx`).execute();
    await db.schema.createIndex(`products_${col}_idx`).on("products").columns([col, "id"]).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const col of SORTS) {
      await db.schema.dropIndex(`products_category_${col}_idx`).execute();
      await db.schema
        .createIndex(`products_category_${col}_idx`)
        .on("products")
        .columns(["category_id", col])
        .execute();
    }
    for (const col of [...SORTS, "discount"]) {
      await db.schema.dropIndex(`products_${col}_idx`).execute();
      await db.schema.createIndex(`products_${col}_idx`).on("products").column(col).execute();
    }
  }
  await db.schema
    .createIndex("product_variants_product_idx")
    .on("product_variants")
    .column("product_id")
    .execute();
  await db.schema.dropIndex("product_variants_product_options_idx").execute();
  await db.schema
    .createIndex("reviews_product_idx")
    .on("reviews")
    .columns(["product_id", "status"])
    .execute();
  await db.schema.dropIndex("reviews_product_rating_idx").execute();
  await db.schema
    .createIndex("product_categories_product_idx")
    .on("product_categories")
    .column("product_id")
    .execute();
  await db.schema.dropIndex("product_categories_product_position_idx").execute();
}
