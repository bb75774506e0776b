import type { Kysely } from "kysely";

/**
 * The shop counter (issue 40 items 1 and 2, decision 43). `customers.is_staff` (0 or 1) marks the accounts
 * that may open the staff page and import a shopper's cart from its QR code; no account is staff unless a
 * shop makes it so (the sample shop seeds one, outside production only, as the demo account).
 *
 * `counter_imports`: one row per hand-over key a counter imported, the key unique (its primary key), so a
 * code scanned twice, or by two tills at the same moment, makes one cart: the second insert waits on the
 * first one's row and finds it taken. `reply` is what the import answered (the lines and totals as they were
 * priced then), answered again to every later scan; `cart_id` the counter's cart (kept when the cart goes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("customers")
    .addColumn("is_staff", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("counter_imports")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("cart_id", "integer")
    .addColumn("staff_id", "integer", (c) => c.references("customers.id").onDelete("set null"))
    .addColumn("reply", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("counter_imports_staff_idx").on("counter_imports").column("staff_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("counter_imports").execute();
  await db.schema.alterTable("customers").dropColumn("is_staff").execute();
}
