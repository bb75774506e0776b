import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * Issue 38, decision 053.
 * - `mail_queue`: every e-mail the shop sends, written in the transaction of what caused it and sent by a
 *   worker (`server/lib/mail-queue.ts`). `state` is `waiting` (to send at `due_at`, epoch ms, or being sent
 *   under `claim` until `due_at`), `sent`, or `failed` (given up after its tries). Sent and failed rows are
 *   swept after a while (`server/lib/sweeps.ts`).
 * - `leases`: a named job held by one instance until `until_ms` (the data-hygiene sweep), taken with a
 *   conditional update, so it needs no connection held open and works the same on both databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey();
  const ms = pg ? "bigint" : "integer";
  await db.schema
    .createTable("mail_queue")
    .addColumn("id", "integer", id)
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("reply_to", "text")
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("due_at", ms, (c) => c.notNull())
    .addColumn("claim", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("done_at", "text")
    .execute();
  // The worker's claim reads waiting rows by due time; the sweep reads finished ones by when they finished.
  await db.schema.createIndex("mail_queue_due_idx").on("mail_queue").columns(["state", "due_at"]).execute();
  await db.schema.createIndex("mail_queue_done_idx").on("mail_queue").columns(["state", "done_at"]).execute();

  await db.schema
    .createTable("leases")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("until_ms", ms, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("leases").execute();
  await db.schema.dropTable("mail_queue").execute();
}
