import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * Facet counts that an edit does not make every instance scan again (issue 36, item 5; decision 052).
 * `facet_log` holds one row per product whose facet inputs a transaction wrote: a product added or
 * removed, its selling price (`final_price`), its variants' colour or size options, its categories or its
 * tags. Each instance keeps every product's facet inputs in memory (`CatalogFacets`) and, after a
 * catalogue change, reads only the logged products' rows again. The log is read as the stock log is
 * (migration 0015): on PostgreSQL by the writing transaction's id (`xid`), past the oldest transaction
 * still running at the last read; on SQLite by id. A row without a product (a TRUNCATE) means every
 * product. Rows are swept after `STOCK_LOG_KEEP_MS` (lib/sweeps.ts).
 *
 * The columns each table's update trigger watches; a write of any other column leaves the log alone
 * (a name, a description, stock: no facet reads them). Inserts and deletes are always logged.
 */
export const FACET_COLUMNS: Record<string, { key: string; columns: string[] }> = {
  products: { key: "id", columns: ["id", "final_price"] },
  product_variants: { key: "product_id", columns: ["product_id", "color_option_id", "size_option_id"] },
  product_categories: { key: "product_id", columns: ["product_id", "category_id"] },
  product_tags: { key: "product_id", columns: ["product_id", "tag"] },
};

const PG_NOW_MS = sql.raw("(extract(epoch from clock_timestamp()) * 1000)::bigint");
const SQLITE_NOW_MS = sql.raw("cast((julianday('now') - 2440587.5) * 86400000 as integer)");

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("facet_log")
    .addColumn("id", pg ? "bigserial" : "integer", (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("xid", pg ? sql`xid8` : "integer")
    .addColumn("product_id", "integer")
    .addColumn("at", pg ? "bigint" : "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("facet_log_at_idx").on("facet_log").column("at").execute();
  if (pg) await db.schema.createIndex("facet_log_xid_idx").on("facet_log").column("xid").execute();

  for (const [t, { key, columns }] of Object.entries(FACET_COLUMNS)) {
    const k = sql.raw(`"${key}"`);
    const of = sql.raw(columns.map((c) => `"${c}"`).join(", "));
    const changed = sql.raw(columns.map((c) => `old."${c}" is distinct from new."${c}"`).join(" or "));
    if (pg) {
      // Inserts and deletes once per statement (a bulk load logs its products in one insert); updates per
      // row, only when a watched column really changed.
      for (const [op, rows] of [
        ["insert", "new_rows"],
        ["delete", "old_rows"],
      ] as const) {
        const fn = sql.raw(`${t}_facet_log_${op}`);
        await sql`create function ${fn}() returns trigger language plpgsql as $$
          begin
            insert into facet_log (xid, product_id, at)
              select distinct pg_current_xact_id(), ${k}, ${PG_NOW_MS} from ${sql.raw(rows)};
            return null;
          end $$`.execute(db);
        await sql`create trigger ${fn} after ${sql.raw(op)} on ${sql.table(t)}
          referencing ${sql.raw(op === "insert" ? "new" : "old")} table as ${sql.raw(rows)}
          for each statement execute function ${fn}()`.execute(db);
      }
      const update = sql.raw(`${t}_facet_log_update`);
      await sql`create function ${update}() returns trigger language plpgsql as $$
        begin
          insert into facet_log (xid, product_id, at) values (pg_current_xact_id(), old.${k}, ${PG_NOW_MS});
          if new.${k} is distinct from old.${k} then
            insert into facet_log (xid, product_id, at) values (pg_current_xact_id(), new.${k}, ${PG_NOW_MS});
          end if;
          return null;
        end $$`.execute(db);
      await sql`create trigger ${update} after update of ${of} on ${sql.table(t)}
        for each row when (${changed}) execute function ${update}()`.execute(db);
      const truncate = sql.raw(`${t}_facet_log_truncate`);
      await sql`create function ${truncate}() returns trigger language plpgsql as $$
        begin
          insert into facet_log (xid, product_id, at) values (pg_current_xact_id(), null, ${PG_NOW_MS});
          return null;
        end $$`.execute(db);
      await sql`create trigger ${truncate} after truncate on ${sql.table(t)}
        for each statement execute function ${truncate}()`.execute(db);
      continue;
    }
    const changedSqlite = sql.raw(columns.map((c) => `old."${c}" is not new."${c}"`).join(" or "));
    await sql`create trigger ${sql.raw(`${t}_facet_log_insert`)} after insert on ${sql.table(t)}
      begin insert into facet_log (product_id, at) values (new.${k}, ${SQLITE_NOW_MS}); end`.execute(db);
    await sql`create trigger ${sql.raw(`${t}_facet_log_delete`)} after delete on ${sql.table(t)}
      begin insert into facet_log (product_id, at) values (old.${k}, ${SQLITE_NOW_MS}); end`.execute(db);
    await sql`create trigger ${sql.raw(`${t}_facet_log_update`)} after update of ${of} on ${sql.table(t)}
      when ${changedSqlite}
      begin
        insert into facet_log (product_id, at) values (old.${k}, ${SQLITE_NOW_MS});
        insert into facet_log (product_id, at) select new.${k}, ${SQLITE_NOW_MS} where new.${k} is not old.${k};
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  for (const t of Object.keys(FACET_COLUMNS))
    for (const op of ["insert", "delete", "update", "truncate"]) {
      if (op === "truncate" && !pg) continue;
      const name = sql.raw(`${t}_facet_log_${op}`);
      if (pg) {
        await sql`drop trigger ${name} on ${sql.table(t)}`.execute(db);
        await sql`drop function ${name}()`.execute(db);
      } else await sql`drop trigger ${name}`.execute(db);
    }
  await db.schema.dropTable("facet_log").execute();
}
