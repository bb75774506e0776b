import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import { isPostgres } from "../dialect";

const addressColumns = [
  ["first_name", "text"],
  ["last_name", "text"],
  ["email", "text"],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  // SQLite: an integer primary key is the rowid, generated when not given; a real is a double. PostgreSQL
  // needs both said.
  const pg = isPostgres(db);
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey();
  const real = pg ? "double precision" : "real";
  const now = (b: ReturnType<typeof s.createTable>) =>
    b.addColumn("created_at", "text", (c) => c.notNull()).addColumn("updated_at", "text", (c) => c.notNull());

  await now(
    s
      .createTable("categories")
      .addColumn("id", "integer", id)
      .addColumn("parent_id", "integer")
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("slug", "text", (c) => c.notNull().unique())
      .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("status", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("description", "text")
      .addColumn("image", "text"),
  ).execute();

  await now(
    s
      .createTable("products")
      .addColumn("id", "integer", id)
      .addColumn("sku", "text", (c) => c.notNull().unique())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("body_type", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("url_key", "text", (c) => c.notNull().unique())
      .addColumn("short_description", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("price", real, (c) => c.notNull())
      .addColumn("discount", real, (c) => c.notNull().defaultTo(0))
      .addColumn("final_price", real, (c) => c.notNull())
      .addColumn("is_new", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("featured", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("rating", real, (c) => c.notNull().defaultTo(0))
      .addColumn("sale_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("stock", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("offer_end", "text")
      .addColumn("affiliate_link", "text")
      .addColumn("default_color", "text", (c) => c.notNull())
      .addColumn("tags_json", "text", (c) => c.notNull())
      .addColumn("info_json", "text", (c) => c.notNull()),
  ).execute();
  for (const col of ["final_price", "sale_count", "created_at", "name", "rating", "discount"]) {
    await s.createIndex(`products_${col}_idx`).on("products").column(col).execute();
  }
  await s.createIndex("products_new_idx").on("products").columns(["is_new", "created_at"]).execute();

  await s
    .createTable("product_categories")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("product_categories_pk", ["category_id", "product_id"])
    .execute();
  await s
    .createIndex("product_categories_product_idx")
    .on("product_categories")
    .column("product_id")
    .execute();

  await s
    .createTable("product_tags")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("tag", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("product_tags_pk", ["tag", "product_id"])
    .execute();

  await s
    .createTable("product_variants")
    .addColumn("id", "integer", id)
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("sku", "text", (c) => c.notNull().unique())
    .addColumn("color", "text", (c) => c.notNull())
    .addColumn("color_option_id", "integer", (c) => c.notNull())
    .addColumn("size", "text", (c) => c.notNull())
    .addColumn("size_option_id", "integer", (c) => c.notNull())
    .addColumn("stock", "integer", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex("product_variants_product_idx").on("product_variants").column("product_id").execute();
  await s
    .createIndex("product_variants_color_idx")
    .on("product_variants")
    .columns(["color_option_id", "size_option_id", "product_id"])
    .execute();
  await s
    .createIndex("product_variants_size_idx")
    .on("product_variants")
    .columns(["size_option_id", "product_id"])
    .execute();

  await s
    .createTable("brands")
    .addColumn("id", "integer", id)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await s
    .createTable("banners")
    .addColumn("id", "integer", id)
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("subtitle", "text", (c) => c.notNull())
    .addColumn("price", real)
    .addColumn("link", "text", (c) => c.notNull())
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await now(
    s
      .createTable("pages")
      .addColumn("id", "integer", id)
      .addColumn("url_key", "text", (c) => c.notNull().unique())
      .addColumn("page_title", "text", (c) => c.notNull())
      .addColumn("html_content", "text", (c) => c.notNull())
      .addColumn("meta_title", "text")
      .addColumn("meta_description", "text"),
  ).execute();

  await s
    .createTable("blog_posts")
    .addColumn("id", "integer", id)
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("excerpt", "text", (c) => c.notNull())
    .addColumn("html_content", "text", (c) => c.notNull())
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("tags_json", "text", (c) => c.notNull())
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("published_at", "text", (c) => c.notNull())
    .execute();

  await s
    .createTable("counters")
    .addColumn("id", "integer", id)
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("value", "integer", (c) => c.notNull())
    .addColumn("suffix", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await s
    .createTable("team_members")
    .addColumn("id", "integer", id)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await s
    .createTable("states")
    .addColumn("id", "integer", id)
    .addColumn("country_code", "text", (c) => c.notNull())
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("default_name", "text", (c) => c.notNull())
    .execute();

  await s
    .createTable("coupons")
    .addColumn("id", "integer", id)
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("amount", real, (c) => c.notNull())
    .addColumn("min_sub_total", real, (c) => c.notNull().defaultTo(0))
    .addColumn("starts_at", "text")
    .addColumn("ends_at", "text")
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  await now(
    s
      .createTable("customers")
      .addColumn("id", "integer", id)
      .addColumn("email", "text", (c) => c.notNull().unique())
      .addColumn("first_name", "text", (c) => c.notNull())
      .addColumn("last_name", "text", (c) => c.notNull())
      .addColumn("gender", "text")
      .addColumn("date_of_birth", "text")
      .addColumn("phone", "text", (c) => c.unique())
      .addColumn("password_hash", "text")
      .addColumn("status", "integer", (c) => c.notNull().defaultTo(1)),
  ).execute();

  await s
    .createTable("auth_tokens")
    .addColumn("id", "integer", id)
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customers.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("revoked_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await now(
    s
      .createTable("carts")
      .addColumn("id", "integer", id)
      .addColumn("customer_id", "integer", (c) => c.references("customers.id").onDelete("cascade"))
      .addColumn("session_hash", "text")
      .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("coupon_code", "text")
      .addColumn("shipping_method", "text")
      .addColumn("payment_method", "text")
      .addColumn("customer_email", "text")
      .addColumn("customer_first_name", "text")
      .addColumn("customer_last_name", "text"),
  ).execute();
  await s.createIndex("carts_customer_idx").on("carts").columns(["customer_id", "is_active"]).execute();
  await s.createIndex("carts_session_idx").on("carts").columns(["session_hash", "is_active"]).execute();

  await now(
    s
      .createTable("cart_items")
      .addColumn("id", "integer", id)
      .addColumn("cart_id", "integer", (c) => c.notNull().references("carts.id").onDelete("cascade"))
      .addColumn("product_id", "integer", (c) => c.notNull().references("products.id"))
      .addColumn("variant_id", "integer")
      .addColumn("quantity", "integer", (c) => c.notNull())
      .addColumn("additional", "text"),
  ).execute();
  await s.createIndex("cart_items_cart_idx").on("cart_items").column("cart_id").execute();

  const address = (name: string, owner: string, ownerTable: string) => {
    let b = s
      .createTable(name)
      .addColumn("id", "integer", id)
      .addColumn(owner, "integer", (c) => c.notNull().references(`${ownerTable}.id`).onDelete("cascade"));
    for (const [col, type] of addressColumns) b = b.addColumn(col, type);
    return b
      .addColumn("address1", "text", (c) => c.notNull())
      .addColumn("city", "text", (c) => c.notNull())
      .addColumn("state", "text")
      .addColumn("postcode", "text", (c) => c.notNull())
      .addColumn("country", "text", (c) => c.notNull())
      .addColumn("phone", "text", (c) => c.notNull());
  };
  await now(
    address("cart_addresses", "cart_id", "carts").addColumn("address_type", "text", (c) => c.notNull()),
  ).execute();
  await now(
    address("customer_addresses", "customer_id", "customers")
      .addColumn("company_name", "text")
      .addColumn("vat_id", "text")
      .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0)),
  ).execute();
  await s
    .createIndex("customer_addresses_customer_idx")
    .on("customer_addresses")
    .column("customer_id")
    .execute();

  await now(
    s
      .createTable("wishlist_items")
      .addColumn("id", "integer", id)
      .addColumn("customer_id", "integer", (c) => c.notNull().references("customers.id").onDelete("cascade"))
      .addColumn("product_id", "integer", (c) => c.notNull().references("products.id"))
      .addUniqueConstraint("wishlist_items_unique", ["customer_id", "product_id"]),
  ).execute();

  await now(
    s
      .createTable("orders")
      .addColumn("id", "integer", id)
      .addColumn("increment_id", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("customer_id", "integer", (c) => c.references("customers.id"))
      .addColumn("session_hash", "text")
      .addColumn("is_guest", "integer", (c) => c.notNull())
      .addColumn("customer_email", "text", (c) => c.notNull())
      .addColumn("customer_first_name", "text", (c) => c.notNull())
      .addColumn("customer_last_name", "text", (c) => c.notNull())
      .addColumn("shipping_method", "text", (c) => c.notNull())
      .addColumn("shipping_title", "text", (c) => c.notNull())
      .addColumn("shipping_description", "text", (c) => c.notNull())
      .addColumn("payment_method", "text", (c) => c.notNull())
      .addColumn("payment_title", "text", (c) => c.notNull())
      .addColumn("coupon_code", "text")
      .addColumn("total_item_count", "integer", (c) => c.notNull())
      .addColumn("total_qty_ordered", "integer", (c) => c.notNull())
      .addColumn("sub_total", real, (c) => c.notNull())
      .addColumn("discount_amount", real, (c) => c.notNull())
      .addColumn("tax_amount", real, (c) => c.notNull())
      .addColumn("shipping_amount", real, (c) => c.notNull())
      .addColumn("grand_total", real, (c) => c.notNull()),
  ).execute();
  await s.createIndex("orders_customer_idx").on("orders").columns(["customer_id", "id"]).execute();

  await s
    .createTable("order_items")
    .addColumn("id", "integer", id)
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull())
    .addColumn("variant_id", "integer")
    .addColumn("sku", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("color", "text")
    .addColumn("size", "text")
    .addColumn("qty_ordered", "integer", (c) => c.notNull())
    .addColumn("price", real, (c) => c.notNull())
    .addColumn("total", real, (c) => c.notNull())
    .addColumn("tax_percent", real, (c) => c.notNull())
    .addColumn("tax_amount", real, (c) => c.notNull())
    .addColumn("discount_amount", real, (c) => c.notNull())
    .addColumn("additional", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await s.createIndex("order_items_order_idx").on("order_items").column("order_id").execute();

  await now(
    address("order_addresses", "order_id", "orders").addColumn("address_type", "text", (c) => c.notNull()),
  ).execute();
  await s.createIndex("order_addresses_order_idx").on("order_addresses").column("order_id").execute();

  await s
    .createTable("invoices")
    .addColumn("id", "integer", id)
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("total_qty", "integer", (c) => c.notNull())
    .addColumn("sub_total", real, (c) => c.notNull())
    .addColumn("grand_total", real, (c) => c.notNull())
    .addColumn("shipping_amount", real, (c) => c.notNull())
    .addColumn("tax_amount", real, (c) => c.notNull())
    .addColumn("discount_amount", real, (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await s.createIndex("invoices_order_idx").on("invoices").column("order_id").execute();

  await now(
    s
      .createTable("reviews")
      .addColumn("id", "integer", id)
      .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
      .addColumn("customer_id", "integer")
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("comment", "text", (c) => c.notNull())
      .addColumn("rating", "integer", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull()),
  ).execute();
  await s.createIndex("reviews_product_idx").on("reviews").columns(["product_id", "status"]).execute();

  await s
    .createTable("contact_requests")
    .addColumn("id", "integer", id)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("subject", "text")
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await s
    .createTable("subscribers")
    .addColumn("id", "integer", id)
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await s
    .createTable("otp_codes")
    .addColumn("id", "integer", id)
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("consumed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await s.createIndex("otp_codes_phone_idx").on("otp_codes").columns(["phone", "id"]).execute();

  await s
    .createTable("idempotency_keys")
    .addColumn("key_hash", "text", (c) => c.primaryKey())
    .addColumn("request_hash", "text", (c) => c.notNull())
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await s.createIndex("idempotency_keys_created_idx").on("idempotency_keys").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    "idempotency_keys",
    "otp_codes",
    "subscribers",
    "contact_requests",
    "reviews",
    "invoices",
    "order_addresses",
    "order_items",
    "orders",
    "wishlist_items",
    "customer_addresses",
    "cart_addresses",
    "cart_items",
    "carts",
    "auth_tokens",
    "customers",
    "coupons",
    "states",
    "team_members",
    "counters",
    "blog_posts",
    "pages",
    "banners",
    "brands",
    "product_variants",
    "product_tags",
    "product_categories",
    "products",
    "categories",
  ];
  for (const t of tables) await db.schema.dropTable(t).ifExists().execute();
}
