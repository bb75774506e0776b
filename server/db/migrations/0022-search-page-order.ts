import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * Issue 38 item 4, decision 053. A search's first page in the list's default order (newest first) is read by
 * walking this index of PostgreSQL's narrow search copy (migration 0018) backwards and stopping at the page's
 * last row, instead of reading and ordering every match: for a term that matches a tenth of the catalogue,
 * about a hundred rows instead of ten thousand. The planner still takes the trigram index for a rare term.
 * SQLite's FTS5 side needs nothing new (its count reads the FTS index alone; lists.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create index product_search_created_idx on product_search (created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop index product_search_created_idx`.execute(db);
}
