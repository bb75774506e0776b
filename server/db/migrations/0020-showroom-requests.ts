import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * The showroom's requests (issue 40 item 4, decision 049), made on the product page and often queued offline.
 * - `test_rides`: a test ride booked for a day (`ride_date`, `YYYY-MM-DD`), a slot and a size of a product.
 * - `stock_alerts`: a request to hear when a size is back; `variant_id` the colour and size asked for (null:
 *   the size in any colour); `notified_at` set once the back-in-stock mail went out (by a conditional update,
 *   so each request is mailed once).
 * `request_key` is the Idempotency-Key the request came with, unique: a request sent twice (a replay whose
 * reply was lost, two tabs at once) is one row even where the stored replies were swept. `language` is the
 * shopper's, for the mails.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey();
  await db.schema
    .createTable("test_rides")
    .addColumn("id", "integer", id)
    .addColumn("request_key", "text", (c) => c.notNull().unique())
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("size", "text", (c) => c.notNull())
    .addColumn("ride_date", "text", (c) => c.notNull())
    .addColumn("slot", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("customer_id", "integer", (c) => c.references("customers.id").onDelete("set null"))
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("test_rides_date_idx")
    .on("test_rides")
    .columns(["ride_date", "slot"])
    .execute();
  await db.schema.createIndex("test_rides_product_idx").on("test_rides").column("product_id").execute();
  await db.schema.createIndex("test_rides_customer_idx").on("test_rides").column("customer_id").execute();

  await db.schema
    .createTable("stock_alerts")
    .addColumn("id", "integer", id)
    .addColumn("request_key", "text", (c) => c.notNull().unique())
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("variant_id", "integer", (c) => c.references("product_variants.id").onDelete("set null"))
    .addColumn("size", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("customer_id", "integer", (c) => c.references("customers.id").onDelete("set null"))
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("notified_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("stock_alerts_waiting_idx")
    .on("stock_alerts")
    .columns(["product_id", "size", "notified_at"])
    .execute();
  await db.schema.createIndex("stock_alerts_variant_idx").on("stock_alerts").column("variant_id").execute();
  await db.schema.createIndex("stock_alerts_customer_idx").on("stock_alerts").column("customer_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("stock_alerts").execute();
  await db.schema.dropTable("test_rides").execute();
}
