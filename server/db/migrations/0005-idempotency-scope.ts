import { sql, type Kysely } from "kysely";

/**
 * Security review M1, M5, L3: a stored reply knows whose it is (`customer_id`, so logout drops it) and its
 * size (`bytes`, for the store's byte cap); a row whose reply is not stored yet (`status` 0) is a claim made
 * inside the request's own transaction. `settings` keeps the server secret when the environment gives none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from idempotency_keys`.execute(db);
  await db.schema.alterTable("idempotency_keys").addColumn("customer_id", "integer").execute();
  await db.schema
    .alterTable("idempotency_keys")
    .addColumn("bytes", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("idempotency_keys_customer_idx")
    .on("idempotency_keys")
    .column("customer_id")
    .execute();
  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("settings").execute();
  await db.schema.dropIndex("idempotency_keys_customer_idx").execute();
  await db.schema.alterTable("idempotency_keys").dropColumn("bytes").execute();
  await db.schema.alterTable("idempotency_keys").dropColumn("customer_id").execute();
}
