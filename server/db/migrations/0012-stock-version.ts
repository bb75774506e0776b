import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";
import { CATALOG_TABLES } from "./0006-shared-state";

/**
 * An order no longer makes every instance start its catalogue caches again (#14: costs that stay flat).
 * An order, or its cancellation, writes only `products.stock`, `products.sale_count` and
 * `product_variants.stock` of the catalogue; the single `catalog_version` (migration 0006, still bumped by
 * every change: stored views are saved against it, see `Catalog.saveViews`) made each instance drop every
 * filter set's ids, facet counts, kept list replies and kept pages after each order. Two more counters:
 * - `list_version`: every change but those to the stock columns (names, prices, categories, attributes,
 *   images, flags, reviews, content...): what filter sets, facet counts and the category tree are built from;
 *   an instance that sees it move drops everything, as before.
 * - `stock_version`: bumped once per row whose stock or sale count is written, with the product's id logged
 *   in `stock_changes` under the new value: an instance that sees it move drops what showed those products
 *   (their views and detail replies, the kept list replies and pages that carry them) and the filter sets
 *   that read sale counts (bestsellers), and keeps the rest. The log keeps the last `STOCK_LOG` versions; an
 *   instance further behind drops what any product's stock can change.
 * The triggers name columns (`UPDATE OF`, both dialects): a write that sets a stock column and another one
 * bumps both. The lists name every column of the two tables as of this migration: a migration that adds a
 * column to either table must add it to their list triggers too (server/db/stock-version.test.ts checks).
 * On PostgreSQL the stock triggers run per row (transition tables are not allowed with a column list) and
 * take the `catalog_version` row's lock first, so the versions are logged in commit order.
 */
export const STOCK_COLUMNS: Record<string, { key: string; stock: string[]; others: string[] }> = {
  products: {
    key: "id",
    stock: ["stock", "sale_count"],
    others: [
      "id",
      "sku",
      "type",
      "body_type",
      "name",
      "url_key",
      "short_description",
      "description",
      "price",
      "discount",
      "final_price",
      "is_new",
      "featured",
      "rating",
      "offer_end",
      "affiliate_link",
      "default_color",
      "category_id",
      "tags_json",
      "info_json",
      "created_at",
      "updated_at",
    ],
  },
  product_variants: {
    key: "product_id",
    stock: ["stock"],
    others: ["id", "product_id", "sku", "color", "color_option_id", "size", "size_option_id", "position"],
  },
};

/** How many stock versions the log keeps. */
export const STOCK_LOG = 10_000;

const cols = (list: string[]) => sql.raw(list.map((c) => `"${c}"`).join(", "));

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const counter = pg ? "bigint" : "integer";
  await db.schema
    .alterTable("catalog_version")
    .addColumn("list_version", counter, (c) => c.notNull().defaultTo(1))
    .execute();
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
    await sql`create function bump_list_version() returns trigger language plpgsql as $$
      begin
        update catalog_version set list_version = list_version + 1 where id = 1;
        return null;
      end $$`.execute(db);
    for (const t of CATALOG_TABLES) {
      const split = STOCK_COLUMNS[t];
      const name = sql.raw(`${t}_list_version`);
      await sql`create trigger ${name}
        after insert or delete or truncate or update ${split ? sql`of ${cols(split.others)}` : sql``}
        on ${sql.table(t)} for each statement execute function bump_list_version()`.execute(db);
    }
    for (const [t, { key, stock }] of Object.entries(STOCK_COLUMNS)) {
      const fn = sql.raw(`${t}_stock_version`);
      await sql`create function ${fn}() returns trigger language plpgsql as $$
        declare v bigint;
        begin
          update catalog_version set stock_version = stock_version + 1 where id = 1 returning stock_version into v;
          insert into stock_changes (version, product_id) values (v, new.${sql.raw(key)}) on conflict do nothing;
          delete from stock_changes where version <= v - ${sql.raw(String(STOCK_LOG))};
          return null;
        end $$`.execute(db);
      await sql`create trigger ${fn} after update of ${cols(stock)} on ${sql.table(t)}
        for each row execute function ${fn}()`.execute(db);
    }
    return;
  }
  for (const t of CATALOG_TABLES) {
    const split = STOCK_COLUMNS[t];
    for (const op of ["insert", "delete", "update"]) {
      const of = op === "update" && split ? sql` of ${cols(split.others)}` : sql``;
      await sql`create trigger ${sql.raw(`${t}_list_version_${op}`)} after ${sql.raw(op)}${of} on ${sql.table(t)}
        begin update catalog_version set list_version = list_version + 1 where id = 1; end`.execute(db);
    }
  }
  for (const [t, { key, stock }] of Object.entries(STOCK_COLUMNS)) {
    await sql`create trigger ${sql.raw(`${t}_stock_version`)} after update of ${cols(stock)} on ${sql.table(t)}
      begin
        update catalog_version set stock_version = stock_version + 1 where id = 1;
        insert or ignore into stock_changes (version, product_id)
          select stock_version, new.${sql.raw(key)} from catalog_version where id = 1;
        delete from stock_changes
          where version <= (select stock_version from catalog_version where id = 1) - ${sql.raw(String(STOCK_LOG))};
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  for (const t of CATALOG_TABLES) {
    if (pg) await sql`drop trigger ${sql.raw(`${t}_list_version`)} on ${sql.table(t)}`.execute(db);
    else
      for (const op of ["insert", "delete", "update"])
        await sql`drop trigger ${sql.raw(`${t}_list_version_${op}`)}`.execute(db);
  }
  for (const t of Object.keys(STOCK_COLUMNS)) {
    const name = sql.raw(`${t}_stock_version`);
    if (pg) {
      await sql`drop trigger ${name} on ${sql.table(t)}`.execute(db);
      await sql`drop function ${name}()`.execute(db);
    } else await sql`drop trigger ${name}`.execute(db);
  }
  if (pg) await sql`drop function bump_list_version()`.execute(db);
  await db.schema.dropTable("stock_changes").execute();
  await db.schema.alterTable("catalog_version").dropColumn("stock_version").execute();
  await db.schema.alterTable("catalog_version").dropColumn("list_version").execute();
}
