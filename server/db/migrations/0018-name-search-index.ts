import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * Search on an index (issue 38, item 4). A product search is Bagisto's `name LIKE %term%`: a substring of the
 * name, case-insensitive. Until now that was a scan of the whole products table for every new term (about
 * 100 ms of database time at 100k products). Both databases now answer it from a trigram index, which keeps
 * the meaning exactly (any substring, in any position, `%` and `_` taken literally):
 * - PostgreSQL: `pg_trgm` (shipped with PostgreSQL, a trusted extension: the database's owner can create
 *   it) and a GIN index on `products.name`; `ILIKE '%term%'` uses it as it stands.
 * - SQLite: an FTS5 table with the trigram tokenizer over `products.name` (external content, kept by three
 *   triggers); a term of three or more characters is a phrase query on it, which matches the same substrings.
 * Terms shorter than three characters have no trigram; both databases then read the names as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index products_name_trgm_idx on products using gin (name gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table product_name_search using fts5(
    name, content = 'products', content_rowid = 'id', tokenize = 'trigram')`.execute(db);
  await sql`insert into product_name_search (product_name_search) values ('rebuild')`.execute(db);
  await sql`create trigger products_name_search_insert after insert on products begin
    insert into product_name_search (rowid, name) values (new.id, new.name); end`.execute(db);
  await sql`create trigger products_name_search_delete after delete on products begin
    insert into product_name_search (product_name_search, rowid, name) values ('delete', old.id, old.name);
    end`.execute(db);
  await sql`create trigger products_name_search_update after update of id, name on products begin
    insert into product_name_search (product_name_search, rowid, name) values ('delete', old.id, old.name);
    insert into product_name_search (rowid, name) values (new.id, new.name); end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index products_name_trgm_idx`.execute(db);
    return;
  }
  for (const t of ["insert", "delete", "update"])
    await sql`drop trigger ${sql.raw(`products_name_search_${t}`)}`.execute(db);
  await sql`drop table product_name_search`.execute(db);
}
