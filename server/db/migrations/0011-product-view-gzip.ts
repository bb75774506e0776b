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
 * SQLite refuses to rename a table while a trigger names one that does not exist. PostgreSQL adds the column
 * (its column order does not decide what is stored out of line).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.alterTable("product_views").addColumn("gzip", "bytea").execute();
    // A row (the view's JSON, which PostgreSQL compresses to ≈ 1.7 kB, and the reply, ≈ 1.3 kB) stays in the
    // table's page instead of one of them moving to the TOAST table (past ≈ 2 kB by default): a list's or a
    // detail's read is then one page per product, not two more lookups in the TOAST table and its index.
    await sql`alter table product_views set (toast_tuple_target = 4080)`.execute(db);
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
  if (isPostgres(db)) await sql`alter table product_views reset (toast_tuple_target)`.execute(db);
  await db.schema.alterTable("product_views").dropColumn("gzip").execute();
}
