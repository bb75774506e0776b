import { sql, type Kysely } from "kysely";

/** A product's own type category on the row, so category pages can walk an ordered index and stop at the page. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("products").addColumn("category_id", "integer").execute();
  await sql`update products set category_id = (select pc.category_id from product_categories pc where pc.product_id = products.id order by pc.position limit 1)`.execute(
    db,
  );
  for (const col of ["created_at", "final_price", "sale_count", "name", "rating"]) {
    await db.schema
      .createIndex(`products_category_${col}_idx`)
      .on("products")
      .columns(["category_id", col])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const col of ["created_at", "final_price", "sale_count", "name", "rating"]) {
    await db.schema.dropIndex(`products_category_${col}_idx`).execute();
  }
  await db.schema.alterTable("products").dropColumn("category_id").execute();
}
