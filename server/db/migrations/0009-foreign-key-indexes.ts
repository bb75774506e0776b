import type { Kysely } from "kysely";

/**
 * Indexes on the foreign keys that lacked one: each of these was read or deleted by a scan of the whole table,
 * a cost that grows with every cart, token and product the shop ever had.
 * - cart_addresses(cart_id): read with every cart view (after the first checkout step);
 * - auth_tokens(customer_id): a password change revokes the customer's other tokens; logout;
 * - cart_items, wishlist_items, product_tags (product_id): a product's removal cascades to them.
 */
const INDEXES: [name: string, table: string, columns: string[]][] = [
  ["cart_addresses_cart_idx", "cart_addresses", ["cart_id", "address_type"]],
  ["auth_tokens_customer_idx", "auth_tokens", ["customer_id"]],
  ["cart_items_product_idx", "cart_items", ["product_id"]],
  ["wishlist_items_product_idx", "wishlist_items", ["product_id"]],
  ["product_tags_product_idx", "product_tags", ["product_id"]],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of INDEXES)
    await db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
