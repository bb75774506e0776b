import { sql, type Kysely } from "kysely";

/**
 * Security review H1: a phone number logs into an account by one-time code only once a code sent to it was
 * entered. `phone` now holds the verified number only (still unique); a number given at register or in the
 * profile waits in `unverified_phone` (not unique: whoever proves the number first gets it), and
 * `phone_verified_at` says when it was proven. Numbers stored before this migration were never proven.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("customers").addColumn("unverified_phone", "text").execute();
  await db.schema.alterTable("customers").addColumn("phone_verified_at", "text").execute();
  await sql`update customers set unverified_phone = phone, phone = null where phone is not null`.execute(db);
  await db.schema
    .createIndex("customers_unverified_phone_idx")
    .on("customers")
    .column("unverified_phone")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("customers_unverified_phone_idx").execute();
  await sql`update customers set phone = unverified_phone where phone is null and unverified_phone is not null and not exists (select 1 from customers c2 where c2.phone = customers.unverified_phone)`.execute(
    db,
  );
  await db.schema.alterTable("customers").dropColumn("phone_verified_at").execute();
  await db.schema.alterTable("customers").dropColumn("unverified_phone").execute();
}
