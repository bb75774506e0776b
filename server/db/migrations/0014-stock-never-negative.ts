import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * Stock never goes below zero, whatever writes it (issue 36, N1): the database refuses the write, not only
 * the order route's conditional update. PostgreSQL: a CHECK constraint, NOT VALID so that a shop whose
 * stock an earlier version oversold still migrates (new writes are checked; `validate constraint` once the
 * shop has corrected those rows). SQLite cannot add a constraint to a table: BEFORE triggers abort the write.
 */
const TABLES = ["products", "product_variants"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const t of TABLES) {
    if (isPostgres(db)) {
      await sql`alter table ${sql.table(t)} add constraint ${sql.raw(`${t}_stock_not_negative`)}
        check (stock >= 0) not valid`.execute(db);
      continue;
    }
    for (const op of ["insert", "update"] as const) {
      await sql`create trigger ${sql.raw(`${t}_stock_not_negative_${op}`)}
        before ${sql.raw(op)}${op === "update" ? sql` of stock` : sql``} on ${sql.table(t)}
        when new.stock < 0
        begin select raise(abort, 'CHECK constraint failed: stock >= 0'); end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of TABLES) {
    if (isPostgres(db)) {
      await sql`alter table ${sql.table(t)} drop constraint ${sql.raw(`${t}_stock_not_negative`)}`.execute(
        db,
      );
      continue;
    }
    for (const op of ["insert", "update"] as const)
      await sql`drop trigger ${sql.raw(`${t}_stock_not_negative_${op}`)}`.execute(db);
  }
}
