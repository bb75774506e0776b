import type { ProductVariantTable } from "../../db/schema";
import type { Store } from "../../db/store";
import { nowIso } from "../../lib/http";
import { round2 } from "../../../src/api/contract/money";
import type {
  CartAddressRow,
  CartItemRow,
  CartOwner,
  CartProduct,
  CartRow,
  CouponTable,
  LineInfo,
  LineRow,
} from "./cart-types";

/** Every statement on carts, their lines and addresses, and what a line reads of its variant and coupon. */
export class CartRows {
  // The queries every cart request runs, built and compiled once (Store.prepared).
  private readonly byCustomer: (customerId: number) => Promise<CartRow[]>;
  private readonly bySession: (sessionHash: string) => Promise<CartRow[]>;
  private readonly lineRows: (cartId: number) => Promise<LineRow[]>;
  private readonly addressRows: (cartId: number) => Promise<CartAddressRow[]>;
  private readonly claimByCustomer: (customerId: number, now: string) => Promise<CartRow[]>;
  private readonly claimBySession: (sessionHash: string, now: string) => Promise<CartRow[]>;

  constructor(private readonly store: Store) {
    const active = () =>
      store.qb.selectFrom("carts").selectAll().where("is_active", "=", 1).orderBy("id", "desc").limit(1);
    this.byCustomer = store.prepared((customerId: number) => active().where("customer_id", "=", customerId));
    this.bySession = store.prepared((sessionHash: string) =>
      active().where("session_hash", "=", sessionHash).where("customer_id", "is", null),
    );
    this.lineRows = store.prepared((cartId: number) =>
      store.qb
        .selectFrom("cart_items as i")
        .innerJoin("products as p", "p.id", "i.product_id")
        .leftJoin("product_variants as v", "v.id", "i.variant_id")
        .select([
          "i.id",
          "i.cart_id",
          "i.product_id",
          "i.variant_id",
          "i.quantity",
          "i.additional",
          "i.created_at",
          "i.updated_at",
          "p.sku as p_sku",
          "p.type as p_type",
          "p.name as p_name",
          "p.final_price as p_final_price",
          "p.stock as p_stock",
          // what an order's reply shows of the product (order placement reads the lines, not the products)
          "p.url_key as p_url_key",
          "p.body_type as p_body_type",
          "p.default_color as p_default_color",
          "v.id as v_id",
          "v.product_id as v_product_id",
          "v.sku as v_sku",
          "v.color as v_color",
          "v.color_option_id as v_color_option_id",
          "v.size as v_size",
          "v.size_option_id as v_size_option_id",
          "v.stock as v_stock",
          "v.position as v_position",
        ])
        .where("i.cart_id", "=", cartId)
        .orderBy("i.id"),
    );
    this.addressRows = store.prepared((cartId: number) =>
      store.qb.selectFrom("cart_addresses").selectAll().where("cart_id", "=", cartId),
    );
    // The owner's active cart (as `find` picks it) closed, if it still is active when the row is written.
    const claim = (now: string, which: (q: ReturnType<typeof active>) => ReturnType<typeof active>) =>
      store.qb
        .updateTable("carts")
        .set({ is_active: 0, updated_at: now })
        .where("id", "=", () => which(active()).clearSelect().select("id"))
        .where("is_active", "=", 1)
        .returningAll();
    this.claimByCustomer = store.prepared((customerId: number, now: string) =>
      claim(now, (q) => q.where("customer_id", "=", customerId)),
    );
    this.claimBySession = store.prepared((sessionHash: string, now: string) =>
      claim(now, (q) => q.where("session_hash", "=", sessionHash).where("customer_id", "is", null)),
    );
  }

  /**
   * Closes the owner's active cart and answers it as it is now (undefined: it has none, or it was closed
   * first by a concurrent claim, on any instance). One statement, which holds the cart's row until commit.
   */
  async claim(owner: CartOwner): Promise<CartRow | undefined> {
    const now = nowIso();
    const [cart] = await (owner.customerId !== undefined
      ? this.claimByCustomer(owner.customerId, now)
      : this.claimBySession(owner.sessionHash, now));
    return cart;
  }

  async find(owner: CartOwner): Promise<CartRow | undefined> {
    const [cart] = await (owner.customerId !== undefined
      ? this.byCustomer(owner.customerId)
      : this.bySession(owner.sessionHash));
    return cart;
  }

  /** Opens a cart for `owner` (with the customer's name and e-mail, if any) and answers it. */
  async insert(
    owner: CartOwner,
    customer?: { email: string; first_name: string; last_name: string },
  ): Promise<CartRow> {
    const now = nowIso();
    const id = await this.store.insert(
      this.store.qb.insertInto("carts").values({
        customer_id: owner.customerId ?? null,
        session_hash: owner.sessionHash ?? null,
        is_active: 1,
        coupon_code: null,
        shipping_method: null,
        payment_method: null,
        customer_email: customer?.email ?? null,
        customer_first_name: customer?.first_name ?? null,
        customer_last_name: customer?.last_name ?? null,
        created_at: now,
        updated_at: now,
      }),
    );
    return (await this.store.first(this.store.qb.selectFrom("carts").selectAll().where("id", "=", id)))!;
  }

  /** The cart as it is now (by id, active or not). */
  async byId(cartId: number): Promise<CartRow | undefined> {
    return (await this.store.first(
      this.store.qb.selectFrom("carts").selectAll().where("id", "=", cartId),
    )) as CartRow | undefined;
  }

  async items(cartId: number): Promise<CartItemRow[]> {
    return await this.store.all(
      this.store.qb.selectFrom("cart_items").selectAll().where("cart_id", "=", cartId).orderBy("id"),
    );
  }

  async addresses(
    cartId: number,
  ): Promise<{ billing: CartAddressRow | null; shipping: CartAddressRow | null }> {
    const rows = await this.addressRows(cartId);
    return {
      billing: rows.find((r) => r.address_type === "billing") ?? null,
      shipping: rows.find((r) => r.address_type === "shipping") ?? null,
    };
  }

  async variant(id: number): Promise<ProductVariantTable | undefined> {
    return await this.store.first(
      this.store.qb.selectFrom("product_variants").selectAll().where("id", "=", id),
    );
  }

  async variants(ids: number[]): Promise<Map<number, ProductVariantTable>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const rows = await this.store.all(
      this.store.qb.selectFrom("product_variants").selectAll().where("id", "in", unique),
    );
    return new Map(rows.map((v) => [v.id, v]));
  }

  /** The cart's lines of these ids (those that are the cart's). */
  async itemsById(cartId: number, ids: number[]): Promise<CartItemRow[]> {
    return await this.store.all(
      this.store.qb.selectFrom("cart_items").selectAll().where("cart_id", "=", cartId).where("id", "in", ids),
    );
  }

  /** A configurable product's variant of this colour and size option. */
  async variantByOptions(
    productId: number,
    color: number,
    size: number,
  ): Promise<ProductVariantTable | undefined> {
    return await this.store.first(
      this.store.qb
        .selectFrom("product_variants")
        .selectAll()
        .where("product_id", "=", productId)
        .where("color_option_id", "=", color)
        .where("size_option_id", "=", size),
    );
  }

  async coupon(code: string): Promise<CouponTable | undefined> {
    return await this.store.first(this.store.qb.selectFrom("coupons").selectAll().where("code", "=", code));
  }

  /** Whether a coupon of this code exists (active or not). */
  async couponExists(code: string): Promise<boolean> {
    return Boolean(
      await this.store.first(this.store.qb.selectFrom("coupons").select("id").where("code", "=", code)),
    );
  }

  /**
   * The cart's lines with what they read of their products and variants, in one query (a line whose product
   * is gone is left out, a variant that is gone reads as none).
   */
  async lines(cartId: number): Promise<LineInfo[]> {
    const rows = await this.lineRows(cartId);
    return rows.map((r) => {
      const item: CartItemRow = {
        id: r.id,
        cart_id: r.cart_id,
        product_id: r.product_id,
        variant_id: r.variant_id,
        quantity: r.quantity,
        additional: r.additional,
        created_at: r.created_at,
        updated_at: r.updated_at,
      };
      const product: CartProduct = {
        id: r.product_id,
        sku: r.p_sku,
        type: r.p_type,
        name: r.p_name,
        final_price: r.p_final_price,
        stock: r.p_stock,
        url_key: r.p_url_key,
        body_type: r.p_body_type,
        default_color: r.p_default_color,
      };
      const variant: ProductVariantTable | null =
        r.variant_id && r.v_id !== null
          ? {
              id: r.v_id,
              product_id: r.v_product_id!,
              sku: r.v_sku!,
              color: r.v_color!,
              color_option_id: r.v_color_option_id!,
              size: r.v_size!,
              size_option_id: r.v_size_option_id!,
              stock: r.v_stock!,
              position: r.v_position!,
            }
          : null;
      const price = product.final_price;
      return { item, product, variant, price, total: round2(price * item.quantity) };
    });
  }

  /** The cart's lines of these products (of one variant of them, when `variantId` is given). */
  async linesOf(cartId: number, productIds: number[], variantId?: number | null): Promise<CartItemRow[]> {
    if (!productIds.length) return [];
    let q = this.store.qb
      .selectFrom("cart_items")
      .selectAll()
      .where("cart_id", "=", cartId)
      .where("product_id", "in", productIds);
    if (variantId !== undefined) q = q.where("variant_id", variantId === null ? "is" : "=", variantId);
    return await this.store.all(q.orderBy("id"));
  }

  async insertLine(
    cart: CartRow,
    product: CartProduct,
    variant: ProductVariantTable | null,
    quantity: number,
    extra: Record<string, unknown>,
  ): Promise<CartItemRow> {
    const now = nowIso();
    const row = {
      cart_id: cart.id,
      product_id: product.id,
      variant_id: variant?.id ?? null,
      quantity,
      additional: JSON.stringify(extra),
      created_at: now,
      updated_at: now,
    };
    const id = await this.store.insert(this.store.qb.insertInto("cart_items").values(row));
    return { ...row, id };
  }

  async setLineQuantity(itemId: number, quantity: number): Promise<void> {
    await this.store.run(
      this.store.qb
        .updateTable("cart_items")
        .set({ quantity, updated_at: nowIso() })
        .where("id", "=", itemId),
    );
  }

  async deleteLine(itemId: number): Promise<void> {
    await this.store.run(this.store.qb.deleteFrom("cart_items").where("id", "=", itemId));
  }

  /** Deletes the cart's line `itemId`; answers whether it was the cart's. */
  async deleteLineOf(cartId: number, itemId: number): Promise<boolean> {
    const res = await this.store.run(
      this.store.qb.deleteFrom("cart_items").where("id", "=", itemId).where("cart_id", "=", cartId),
    );
    return res.changes > 0;
  }

  async deleteLines(cartId: number): Promise<void> {
    await this.store.run(this.store.qb.deleteFrom("cart_items").where("cart_id", "=", cartId));
  }

  async touch(cartId: number): Promise<void> {
    await this.store.run(
      this.store.qb.updateTable("carts").set({ updated_at: nowIso() }).where("id", "=", cartId),
    );
  }

  async deactivate(cartId: number): Promise<void> {
    await this.store.run(
      this.store.qb.updateTable("carts").set({ is_active: 0, updated_at: nowIso() }).where("id", "=", cartId),
    );
  }

  /** Sets (or, null, removes) the cart's coupon code; `touch`: and its time of change. */
  async setCoupon(cartId: number, code: string | null, { touch = true } = {}): Promise<void> {
    await this.store.run(
      this.store.qb
        .updateTable("carts")
        .set(touch ? { coupon_code: code, updated_at: nowIso() } : { coupon_code: code })
        .where("id", "=", cartId),
    );
  }
}
