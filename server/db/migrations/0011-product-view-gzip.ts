import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * A product's detail reply, compressed, kept with its stored view (#14 item 4): `product_views.gzip` holds
 * `{"data":<json>}` at gzip level 9, so a browser's request for a product this instance does not hold is one
 * indexed read and no compression (gzipping a detail cost more CPU than the rest of the request). A pure
 * function of the row's `json`: the triggers of migration 0008 delete both together, and it is written with
 * the view, or later by the first compressed request for it (`Catalog.detail`), only onto the same `json`.
 *
 * SQLite: the table is rebuilt with the column before `json`, so the compressed reply sits in the row's first
 * page and reading it does not walk the view's overflow pages (a view is ≈ 5 kB on 4 kB pages). Its rows
 * are copied through a scratch table, not renamed: the other tables' triggers name `product_views`, and
 * SQLite refuses to rename a table while a trigger names one that does not exist. PostgreSQL keeps a large
 * value out of line (TOAST) whatever the column order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.alterTable("product_views").addColumn("gzip", "bytea").execute();
    return;
  }
  await sql`create table product_views_copy as select product_id, json from product_views`.execute(db);
  await db.schema.dropTable("product_views").execute();
  await db.schema
    .createTable("product_views")
    .addColumn("product_id", "integer", (c) => c.primaryKey())
    .addColumn("gzip", "blob")
    .addColumn("json", "text", (c) => c.notNull())
    .execute();
  await sql`insert into product_views (product_id, json) select product_id, json from product_views_copy`.execute(
    db,
  );
  await db.schema.dropTable("product_views_copy").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("product_views").dropColumn("gzip").execute();
}
