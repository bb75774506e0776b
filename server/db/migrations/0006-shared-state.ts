import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * Stateless instances (#14): what every instance must agree on lives in the database.
 * - `rate_limits`: fixed-window counters (rule and key, hits, when the window ends in epoch ms).
 * - `catalog_version`: one row, bumped by a trigger on every change to what the catalogue and the cached
 *   pages are built from, whoever makes it (this server, another instance, an admin tool, a SQL console);
 *   instances compare it with the one their caches were built at.
 */
export const CATALOG_TABLES = [
  "products",
  "product_variants",
  "product_categories",
  "product_tags",
  "categories",
  "reviews",
  "banners",
  "pages",
  "blog_posts",
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addColumn("reset_at", pg ? "bigint" : "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rate_limits_reset_idx").on("rate_limits").column("reset_at").execute();

  await db.schema
    .createTable("catalog_version")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("version", pg ? "bigint" : "integer", (c) => c.notNull())
    .execute();
  await sql`insert into catalog_version (id, version) values (1, 1)`.execute(db);
  if (pg) {
    await sql`create function bump_catalog_version() returns trigger language plpgsql as $$
      begin
        update catalog_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
    for (const t of CATALOG_TABLES) {
      await sql`create trigger ${sql.raw(`${t}_catalog_version`)}
        after insert or update or delete or truncate on ${sql.table(t)}
        for each statement execute function bump_catalog_version()`.execute(db);
    }
  } else {
    for (const t of CATALOG_TABLES) {
      for (const op of ["insert", "update", "delete"]) {
        await sql`create trigger ${sql.raw(`${t}_catalog_version_${op}`)}
          after ${sql.raw(op)} on ${sql.table(t)}
          begin update catalog_version set version = version + 1 where id = 1; end`.execute(db);
      }
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  for (const t of CATALOG_TABLES) {
    if (pg) await sql`drop trigger ${sql.raw(`${t}_catalog_version`)} on ${sql.table(t)}`.execute(db);
    else
      for (const op of ["insert", "update", "delete"])
        await sql`drop trigger ${sql.raw(`${t}_catalog_version_${op}`)}`.execute(db);
  }
  if (pg) await sql`drop function bump_catalog_version()`.execute(db);
  await db.schema.dropTable("catalog_version").execute();
  await db.schema.dropTable("rate_limits").execute();
}
