import { PostgresAdapter, type Kysely } from "kysely";

/** True for a Kysely instance over PostgreSQL (migrations pick their column types with it). */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
