import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * Search on an index (issue 38, item 4). A product search is Bagisto's `name LIKE %term%`: a substring of the
 * name, case-insensitive. Until now that was a scan of the whole products table for every new term (about
 * 100 ms of database time at 100k products). Both databases now answer it from a trigram index, which keeps
 * the meaning exactly (any substring, in any position, `%` and `_` taken literally):
 * - PostgreSQL: `pg_trgm` (shipped with PostgreSQL, a trusted extension: the database's owner can create
 *   it) and GIN indexes on `products.name` (`ILIKE '%term%'` uses it as it stands) and on the narrow copy
 *   below.
 * - SQLite: an FTS5 table with the trigram tokenizer over `products.name` (external content, kept by three
 *   triggers); a term of three or more characters is a phrase query on it, which matches the same substrings.
 * Terms shorter than three characters have no trigram; both databases then read the names as before.
 *
 * PostgreSQL also keeps a narrow copy of what a product list filters and sorts by (`product_search`: the
 * columns below, about 100 bytes a product against 1 kB in `products`), kept by triggers, with its own
 * trigram index on `search_name`, the name in lower case in the "C" collation (a search compares it with
 * LIKE, byte by byte, instead of ILIKE folding each candidate's case), and `created_at` in "C" (ISO times
 * sort bytewise as they do in time). A term that matches thousands of products reads and sorts them from a
 * few hundred pages instead of thousands, about 3× faster than from `products` (EXPLAIN at 100k:
 * docs/performance.md). Sale counts are left out, since every order writes them: a search by bestsellers
 * reads `products` and its index.
 */
export const SEARCH_COLUMNS = [
  "name",
  "category_id",
  "is_new",
  "featured",
  "discount",
  "final_price",
  "rating",
  "created_at",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index products_name_trgm_idx on products using gin (name gin_trgm_ops)`.execute(db);
    const copy = (row: string) =>
      sql.raw(
        [
          `${row}id as id`,
          `lower(${row}name) collate "C" as search_name`,
          ...SEARCH_COLUMNS.map((c) =>
            c === "created_at" ? `${row}${c} collate "C" as ${c}` : `${row}${c} as ${c}`,
          ),
        ].join(", "),
      );
    await sql`create table product_search as select ${copy("")} from products with no data`.execute(db);
    await sql`alter table product_search add primary key (id),
      add foreign key (id) references products (id) on delete cascade`.execute(db);
    await sql`insert into product_search select ${copy("")} from products`.execute(db);
    await sql`create index product_search_name_trgm_idx on product_search
      using gin (search_name gin_trgm_ops)`.execute(db);
    const set = sql.raw(
      [`search_name = lower(new.name)`, ...SEARCH_COLUMNS.map((c) => `${c} = new.${c}`)].join(", "),
    );
    await sql`create function product_search_copy() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into product_search select ${copy("new.")};
        else
          update product_search set ${set} where id = new.id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger product_search_insert after insert on products
      for each row execute function product_search_copy()`.execute(db);
    await sql`create trigger product_search_update after update of ${sql.raw(SEARCH_COLUMNS.join(", "))}
      on products for each row execute function product_search_copy()`.execute(db);
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
    for (const t of ["insert", "update"])
      await sql`drop trigger ${sql.raw(`product_search_${t}`)} on products`.execute(db);
    await sql`drop function product_search_copy()`.execute(db);
    await sql`drop table product_search`.execute(db);
    await sql`drop index products_name_trgm_idx`.execute(db);
    return;
  }
  for (const t of ["insert", "delete", "update"])
    await sql`drop trigger ${sql.raw(`products_name_search_${t}`)}`.execute(db);
  await sql`drop table product_name_search`.execute(db);
}
