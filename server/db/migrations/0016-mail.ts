import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * Mail that is really sent (issue 38 item 1, decision 038).
 * - `password_resets`: one row per reset link mailed. Only the token's SHA-256 is stored; a link is good for
 *   one hour and once (`used_at`, set by the conditional update that spends it).
 * - `subscribers`: newsletter sign-up is double opt-in. A new address waits unconfirmed with the hash of the
 *   token its confirmation link carries (`confirm_token_hash`, `confirm_expires_at`) until the link is opened
 *   (`confirmed_at`). Addresses stored before this migration signed up under the old single opt-in and count
 *   as confirmed at their sign-up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey();
  await db.schema
    .createTable("password_resets")
    .addColumn("id", "integer", id)
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customers.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("password_resets_customer_idx")
    .on("password_resets")
    .column("customer_id")
    .execute();
  await db.schema
    .createIndex("password_resets_expires_idx")
    .on("password_resets")
    .column("expires_at")
    .execute();

  await db.schema.alterTable("subscribers").addColumn("confirmed_at", "text").execute();
  await db.schema.alterTable("subscribers").addColumn("confirm_token_hash", "text").execute();
  await db.schema.alterTable("subscribers").addColumn("confirm_expires_at", "text").execute();
  await sql`update subscribers set confirmed_at = created_at`.execute(db);
  await db.schema
    .createIndex("subscribers_confirm_token_idx")
    .on("subscribers")
    .column("confirm_token_hash")
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("subscribers_confirm_token_idx").execute();
  // Unconfirmed sign-ups never said yes: they go rather than become subscriptions.
  await sql`delete from subscribers where confirmed_at is null`.execute(db);
  await db.schema.alterTable("subscribers").dropColumn("confirm_expires_at").execute();
  await db.schema.alterTable("subscribers").dropColumn("confirm_token_hash").execute();
  await db.schema.alterTable("subscribers").dropColumn("confirmed_at").execute();
  await db.schema.dropTable("password_resets").execute();
}
