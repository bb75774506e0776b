import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * A review waiting for approval changes nothing the catalogue shows (#14: costs that stay flat): the views,
 * the review lists and the pages read approved reviews only. Migration 0012's `list_version` triggers on
 * `reviews` moved at every review a shopper sent, so every instance dropped every filter set, facet count,
 * kept list reply and page for a row nobody sees. They now move only when an approved review is added,
 * removed or changed, or a review becomes or stops being approved (and on TRUNCATE).
 * PostgreSQL: one statement trigger per event, reading its transition table (a trigger with transition
 * tables takes one event); SQLite: row triggers with a WHEN clause.
 */
const APPROVED = "'approved'";

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger reviews_list_version on reviews`.execute(db);
    for (const op of ["insert", "update", "delete"] as const) {
      const rows = op === "insert" ? ["new_rows"] : op === "delete" ? ["old_rows"] : ["new_rows", "old_rows"];
      const fn = sql.raw(`reviews_list_version_${op}`);
      const approved = sql.raw(
        rows.map((t) => `exists (select 1 from ${t} where status = ${APPROVED})`).join(" or "),
      );
      await sql`create function ${fn}() returns trigger language plpgsql as $$
        begin
          if ${approved} then
            update catalog_version set list_version = list_version + 1 where id = 1;
          end if;
          return null;
        end $$`.execute(db);
      const referencing = sql.raw(
        op === "insert"
          ? "new table as new_rows"
          : op === "delete"
            ? "old table as old_rows"
            : "old table as old_rows new table as new_rows",
      );
      await sql`create trigger ${fn} after ${sql.raw(op)} on reviews
        referencing ${referencing} for each statement execute function ${fn}()`.execute(db);
    }
    await sql`create trigger reviews_list_version_truncate after truncate on reviews
      for each statement execute function bump_list_version()`.execute(db);
    return;
  }
  for (const op of ["insert", "update", "delete"] as const) {
    const when = sql.raw(
      op === "insert"
        ? `new.status = ${APPROVED}`
        : op === "delete"
          ? `old.status = ${APPROVED}`
          : `old.status = ${APPROVED} or new.status = ${APPROVED}`,
    );
    const name = sql.raw(`reviews_list_version_${op}`);
    await sql`drop trigger ${name}`.execute(db);
    await sql`create trigger ${name} after ${sql.raw(op)} on reviews when ${when}
      begin update catalog_version set list_version = list_version + 1 where id = 1; end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger reviews_list_version_truncate on reviews`.execute(db);
    for (const op of ["insert", "update", "delete"]) {
      const fn = sql.raw(`reviews_list_version_${op}`);
      await sql`drop trigger ${fn} on reviews`.execute(db);
      await sql`drop function ${fn}()`.execute(db);
    }
    await sql`create trigger reviews_list_version after insert or delete or truncate or update on reviews
      for each statement execute function bump_list_version()`.execute(db);
    return;
  }
  for (const op of ["insert", "update", "delete"]) {
    const name = sql.raw(`reviews_list_version_${op}`);
    await sql`drop trigger ${name}`.execute(db);
    await sql`create trigger ${name} after ${sql.raw(op)} on reviews
      begin update catalog_version set list_version = list_version + 1 where id = 1; end`.execute(db);
  }
}
