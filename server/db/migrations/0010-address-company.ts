import type { Kysely } from "kysely";

/**
 * The company name of a checkout address, as Bagisto 1.3.3 keeps it: `checkout/save-address` takes
 * `billing.company_name` (and `shipping.company_name`), `Cart::saveCustomerAddress` stores it on the cart's
 * addresses (a fillable column of `addresses`) and `prepareDataForOrder` copies it to the order's.
 */
const TABLES = ["cart_addresses", "order_addresses"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).addColumn("company_name", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn("company_name").execute();
}
