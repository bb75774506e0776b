import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * Stored product views (#14 item 4), in the manner of Bagisto's `product_flat` read model: each product's
 * built JSON (the anonymous Product resource, exactly the bytes a reply carries), so a product the
 * instance's in-process cache does not hold is one indexed read, not four queries and a build.
 *
 * Whoever changes what a view is built from (this server, another instance, an admin tool, a SQL console),
 * the triggers below delete the affected products' stored views in the same transaction; the server builds
 * them again on the next read. The view reads:
 * - `products`: the row itself (any column change drops that product's view);
 * - `product_variants` (id, colour, size, size option, stock, position), `product_categories` (which
 *   categories, in which order), `reviews` (approved ratings): the rows' product(s);
 * - `categories` (name, slug; a category that does not exist is left out): shared by many products, so
 *   any change empties the table.
 * Prices are in the base currency only (no exchange rates), and the tags come from `products.tags_json`.
 *
 * On PostgreSQL the triggers first lock the `catalog_version` row, which a server that stores a view locks
 * in share mode while checking that the version it built at is still current (see `Catalog.saveViews`): a
 * view built from data a concurrent transaction is changing is never stored after that transaction's
 * delete.
 */
export const VIEW_SOURCES: Record<string, string> = {
  products: "id",
  product_variants: "product_id",
  product_categories: "product_id",
  reviews: "product_id",
};

const OPS = ["insert", "update", "delete"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("product_views")
    .addColumn("product_id", "integer", (c) => c.primaryKey())
    .addColumn("json", "text", (c) => c.notNull())
    .execute();
  if (pg) {
    await sql`create function product_views_clear() returns trigger language plpgsql as $$
      begin
        perform 1 from catalog_version where id = 1 for no key update;
        delete from product_views;
        return null;
      end $$`.execute(db);
    for (const [t, col] of Object.entries(VIEW_SOURCES)) {
      for (const op of OPS) {
        const rows =
          op === "insert"
            ? `select ${col} from new_rows`
            : op === "delete"
              ? `select ${col} from old_rows`
              : `select ${col} from new_rows union select ${col} from old_rows`;
        const fn = sql.raw(`${t}_product_views_${op}`);
        await sql`create function ${fn}() returns trigger language plpgsql as $$
          begin
            perform 1 from catalog_version where id = 1 for no key update;
            delete from product_views where product_id in (${sql.raw(rows)});
            return null;
          end $$`.execute(db);
        const referencing = sql.raw(
          op === "insert"
            ? "new table as new_rows"
            : op === "delete"
              ? "old table as old_rows"
              : "old table as old_rows new table as new_rows",
        );
        await sql`create trigger ${fn} after ${sql.raw(op)} on ${sql.table(t)}
          referencing ${referencing} for each statement execute function ${fn}()`.execute(db);
      }
      await sql`create trigger ${sql.raw(`${t}_product_views_truncate`)} after truncate on ${sql.table(t)}
        for each statement execute function product_views_clear()`.execute(db);
    }
    await sql`create trigger categories_product_views after insert or update or delete or truncate
      on categories for each statement execute function product_views_clear()`.execute(db);
  } else {
    for (const [t, col] of Object.entries(VIEW_SOURCES)) {
      for (const op of OPS) {
        const ids = sql.raw(
          op === "insert" ? `new.${col}` : op === "delete" ? `old.${col}` : `old.${col}, new.${col}`,
        );
        await sql`create trigger ${sql.raw(`${t}_product_views_${op}`)}
          after ${sql.raw(op)} on ${sql.table(t)}
          begin delete from product_views where product_id in (${ids}); end`.execute(db);
      }
    }
    for (const op of OPS) {
      await sql`create trigger ${sql.raw(`categories_product_views_${op}`)} after ${sql.raw(op)} on categories
        begin delete from product_views; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  for (const t of [...Object.keys(VIEW_SOURCES), "categories"]) {
    if (pg) {
      if (t === "categories") await sql`drop trigger categories_product_views on categories`.execute(db);
      else {
        await sql`drop trigger ${sql.raw(`${t}_product_views_truncate`)} on ${sql.table(t)}`.execute(db);
        for (const op of OPS) {
          const fn = sql.raw(`${t}_product_views_${op}`);
          await sql`drop trigger ${fn} on ${sql.table(t)}`.execute(db);
          await sql`drop function ${fn}()`.execute(db);
        }
      }
    } else for (const op of OPS) await sql`drop trigger ${sql.raw(`${t}_product_views_${op}`)}`.execute(db);
  }
  if (pg) await sql`drop function product_views_clear()`.execute(db);
  await db.schema.dropTable("product_views").execute();
}
