import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";
import { FACET_COLUMNS } from "./0023-facet-log";

/**
 * Searches by name answered from memory (issue 38 item 4, decision 058): each instance keeps every product's
 * name and creation time (`NameIndex`) and moves them as it moves the facet counts, by the products the facet
 * log (migration 0023) names after a catalogue change. The log now also takes a product whose name or
 * creation time was written; inserts and deletes were always logged.
 */
const WATCHED = [...FACET_COLUMNS.products!.columns, "name", "created_at"];

const SQLITE_NOW_MS = sql.raw("cast((julianday('now') - 2440587.5) * 86400000 as integer)");

export async function up(db: Kysely<unknown>): Promise<void> {
  await watch(db, WATCHED);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await watch(db, FACET_COLUMNS.products!.columns);
}

/** The products table's update trigger of the facet log, watching `columns`. */
async function watch(db: Kysely<unknown>, columns: string[]): Promise<void> {
  const of = sql.raw(columns.map((c) => `"${c}"`).join(", "));
  if (isPostgres(db)) {
    const changed = sql.raw(columns.map((c) => `old."${c}" is distinct from new."${c}"`).join(" or "));
    // The trigger's function (migration 0023) logs the product; only when it fires changes.
    await sql`drop trigger products_facet_log_update on products`.execute(db);
    await sql`create trigger products_facet_log_update after update of ${of} on products
      for each row when (${changed}) execute function products_facet_log_update()`.execute(db);
    return;
  }
  const changed = sql.raw(columns.map((c) => `old."${c}" is not new."${c}"`).join(" or "));
  await sql`drop trigger products_facet_log_update`.execute(db);
  await sql`create trigger products_facet_log_update after update of ${of} on products
    when ${changed}
    begin
      insert into facet_log (product_id, at) values (old."id", ${SQLITE_NOW_MS});
      insert into facet_log (product_id, at) select new."id", ${SQLITE_NOW_MS} where new."id" is not old."id";
    end`.execute(db);
}
