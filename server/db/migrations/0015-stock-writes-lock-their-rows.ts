import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";
import { STOCK_COLUMNS } from "./0012-stock-version";

/**
 * Orders of different products no longer wait for each other (issue 36, item 5). Until now every stock
 * write (an order, a cancellation) ran three triggers that write or lock the one `catalog_version` row: the
 * catalogue version (0006), the stored views' lock (0008) and the stock version with its log (0012). That
 * row's lock is held until commit, so on PostgreSQL every order in the shop waited for the one before it.
 * Now a stock write locks only the rows it writes:
 * - `products.stock_rev`: bumped on the product's row by every write of its stock or sale count (its
 *   variants' stock too). A server that stores a view it built checks, per product, that the revision it
 *   read before building is still the product's, taking the row in share mode and skipping a row a
 *   transaction holds (`Catalog.saveViews`): what a stock write is changing is never stored after its
 *   delete, and no one waits.
 * - `stock_log`: one row per product whose stock or sale count a transaction wrote, stamped on PostgreSQL
 *   with the writing transaction's id (`xid`). Instances read it past the oldest transaction still running
 *   at their last read (`Catalog.refresh`), so a transaction that commits late is never passed over, and
 *   rows are swept after `STOCK_LOG_KEEP_MS` (lib/sweeps.ts), not by the writers.
 * - The catalogue version (0006) and the views' lock on `catalog_version` (0008) are taken only by writes
 *   of the other columns; `catalog_version.stock_version` and `stock_changes` (0012) are gone.
 * SQLite runs one writer at a time: its 0006 and 0008 triggers stay as they are; it keeps the same log
 * (read by id, which is commit order there) and the same revisions.
 */
export const BOOKKEEPING_COLUMNS: Record<string, string[]> = {
  products: ["stock_rev"],
  product_variants: [],
};

/** How long the stock log keeps a row: an instance that has not read it for half of this drops all stock. */
export const STOCK_LOG_KEEP_MS = 60 * 60 * 1000;

const cols = (list: string[]) => sql.raw(list.map((c) => `"${c}"`).join(", "));
const PG_NOW_MS = sql.raw("(extract(epoch from clock_timestamp()) * 1000)::bigint");
const SQLITE_NOW_MS = sql.raw("cast((julianday('now') - 2440587.5) * 86400000 as integer)");

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .alterTable("products")
    .addColumn("stock_rev", pg ? "bigint" : "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("stock_log")
    .addColumn("id", pg ? "bigserial" : "integer", (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("xid", pg ? sql`xid8` : "integer")
    .addColumn("product_id", "integer", (c) => c.notNull())
    .addColumn("at", pg ? "bigint" : "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("stock_log_at_idx").on("stock_log").column("at").execute();

  if (pg) {
    await db.schema.createIndex("stock_log_xid_idx").on("stock_log").column("xid").execute();
    for (const t of Object.keys(STOCK_COLUMNS)) {
      const name = sql.raw(`${t}_stock_version`);
      await sql`drop trigger ${name} on ${sql.table(t)}`.execute(db);
      await sql`drop function ${name}()`.execute(db);
    }
    await sql`create function products_stock_log() returns trigger language plpgsql as $$
      begin
        new.stock_rev := old.stock_rev + 1;
        insert into stock_log (xid, product_id, at) values (pg_current_xact_id(), new.id, ${PG_NOW_MS});
        return new;
      end $$`.execute(db);
    await sql`create trigger products_stock_log before update of ${cols(STOCK_COLUMNS.products!.stock)}
      on products for each row execute function products_stock_log()`.execute(db);
    await sql`create function product_variants_stock_log() returns trigger language plpgsql as $$
      begin
        update products set stock_rev = stock_rev + 1 where id = new.product_id;
        insert into stock_log (xid, product_id, at) values (pg_current_xact_id(), new.product_id, ${PG_NOW_MS});
        return null;
      end $$`.execute(db);
    await sql`create trigger product_variants_stock_log after update of stock on product_variants
      for each row execute function product_variants_stock_log()`.execute(db);

    for (const [t, { key, stock, others }] of Object.entries(STOCK_COLUMNS)) {
      // 0006: the catalogue version moves with every write but those of stock columns.
      await sql`drop trigger ${sql.raw(`${t}_catalog_version`)} on ${sql.table(t)}`.execute(db);
      await sql`create trigger ${sql.raw(`${t}_catalog_version`)}
        after insert or delete or truncate or update of ${cols(others)} on ${sql.table(t)}
        for each statement execute function bump_catalog_version()`.execute(db);
      // 0008: a write of other columns locks the version row and deletes the views, as before; a stock
      // write deletes its product's view only (its row lock is what a server storing a view respects).
      const old = sql.raw(`${t}_product_views_update`);
      await sql`drop trigger ${old} on ${sql.table(t)}`.execute(db);
      await sql`drop function ${old}()`.execute(db);
      const change = sql.raw(`${t}_product_views_change`);
      await sql`create function ${change}() returns trigger language plpgsql as $$
        begin
          perform 1 from catalog_version where id = 1 for no key update;
          delete from product_views where product_id in (old.${sql.raw(key)}, new.${sql.raw(key)});
          return null;
        end $$`.execute(db);
      await sql`create trigger ${change} after update of ${cols(others)} on ${sql.table(t)}
        for each row execute function ${change}()`.execute(db);
      const stockFn = sql.raw(`${t}_product_views_stock`);
      await sql`create function ${stockFn}() returns trigger language plpgsql as $$
        begin
          delete from product_views where product_id = new.${sql.raw(key)};
          return null;
        end $$`.execute(db);
      await sql`create trigger ${stockFn} after update of ${cols(stock)} on ${sql.table(t)}
        for each row execute function ${stockFn}()`.execute(db);
    }
  } else {
    for (const t of Object.keys(STOCK_COLUMNS))
      await sql`drop trigger ${sql.raw(`${t}_stock_version`)}`.execute(db);
    await sql`create trigger products_stock_log after update of ${cols(STOCK_COLUMNS.products!.stock)} on products
      begin
        update products set stock_rev = stock_rev + 1 where id = new.id;
        insert into stock_log (product_id, at) values (new.id, ${SQLITE_NOW_MS});
      end`.execute(db);
    await sql`create trigger product_variants_stock_log after update of stock on product_variants
      begin
        update products set stock_rev = stock_rev + 1 where id = new.product_id;
        insert into stock_log (product_id, at) values (new.product_id, ${SQLITE_NOW_MS});
      end`.execute(db);
  }
  await db.schema.dropTable("stock_changes").execute();
  await db.schema.alterTable("catalog_version").dropColumn("stock_version").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const counter = pg ? "bigint" : "integer";
  await db.schema
    .alterTable("catalog_version")
    .addColumn("stock_version", counter, (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable("stock_changes")
    .addColumn("version", counter, (c) => c.notNull())
    .addColumn("product_id", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("stock_changes_pk", ["version", "product_id"])
    .execute();
  if (pg) {
    for (const [t, { key, stock }] of Object.entries(STOCK_COLUMNS)) {
      for (const suffix of ["product_views_change", "product_views_stock", "stock_log"]) {
        const name = sql.raw(`${t}_${suffix}`);
        await sql`drop trigger ${name} on ${sql.table(t)}`.execute(db);
        await sql`drop function ${name}()`.execute(db);
      }
      const update = sql.raw(`${t}_product_views_update`);
      await sql`create function ${update}() returns trigger language plpgsql as $$
        begin
          perform 1 from catalog_version where id = 1 for no key update;
          delete from product_views where product_id in
            (select ${sql.raw(key)} from new_rows union select ${sql.raw(key)} from old_rows);
          return null;
        end $$`.execute(db);
      await sql`create trigger ${update} after update on ${sql.table(t)}
        referencing old table as old_rows new table as new_rows for each statement execute function ${update}()`.execute(
        db,
      );
      await sql`drop trigger ${sql.raw(`${t}_catalog_version`)} on ${sql.table(t)}`.execute(db);
      await sql`create trigger ${sql.raw(`${t}_catalog_version`)}
        after insert or update or delete or truncate on ${sql.table(t)}
        for each statement execute function bump_catalog_version()`.execute(db);
      const fn = sql.raw(`${t}_stock_version`);
      await sql`create function ${fn}() returns trigger language plpgsql as $$
        declare v bigint;
        begin
          update catalog_version set stock_version = stock_version + 1 where id = 1 returning stock_version into v;
          insert into stock_changes (version, product_id) values (v, new.${sql.raw(key)}) on conflict do nothing;
          delete from stock_changes where version <= v - 10000;
          return null;
        end $$`.execute(db);
      await sql`create trigger ${fn} after update of ${cols(stock)} on ${sql.table(t)}
        for each row execute function ${fn}()`.execute(db);
    }
  } else {
    for (const [t, { key, stock }] of Object.entries(STOCK_COLUMNS)) {
      await sql`drop trigger ${sql.raw(`${t}_stock_log`)}`.execute(db);
      await sql`create trigger ${sql.raw(`${t}_stock_version`)} after update of ${cols(stock)} on ${sql.table(t)}
        begin
          update catalog_version set stock_version = stock_version + 1 where id = 1;
          insert or ignore into stock_changes (version, product_id)
            select stock_version, new.${sql.raw(key)} from catalog_version where id = 1;
          delete from stock_changes
            where version <= (select stock_version from catalog_version where id = 1) - 10000;
        end`.execute(db);
    }
  }
  await db.schema.dropTable("stock_log").execute();
  await db.schema.alterTable("products").dropColumn("stock_rev").execute();
}
