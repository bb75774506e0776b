import { COLOR_ATTRIBUTE_ID, SIZE_ATTRIBUTE_ID } from "../../src/api/contract/product";
import { type CartBatchChange, STOCK_ERROR_MESSAGE } from "../../src/api/contract/cart";
import { GST_PERCENT } from "../../src/api/contract/checkout";
import type { Selectable } from "kysely";
import type { Store } from "../db/store";
import type {
  CartAddressTable,
  CartItemTable,
  CartTable,
  CouponTable as CouponDbTable,
  ProductTable,
  ProductVariantTable,
} from "../db/schema";
import { COLORS, SIZES } from "../reference/attributes";
import { COUNTRY_NAMES } from "../reference/countries";
import type { Catalog } from "../services/catalog/catalog";
import { HttpError, nowIso } from "./http";
import {
  decimal,
  FLAT_RATE_SHIPPING,
  formatMoney,
  round2,
  SERVER_MONEY_FORMAT,
} from "../../src/api/contract/money";

export type CartRow = Omit<CartTable, "id"> & { id: number };
export type CartItemRow = Omit<CartItemTable, "id"> & { id: number };
export type CartAddressRow = Omit<CartAddressTable, "id"> & { id: number };
type CouponTable = Omit<CouponDbTable, "id"> & { id: number };
export type CartOwner =
  { customerId: number; sessionHash?: undefined } | { sessionHash: string; customerId?: undefined };

export const PAYMENT_METHODS = [
  {
    method: "cashondelivery",
    method_title: "Cash On Delivery",
    description: "Pay when your bicycle is delivered.",
    sort: 1,
  },
  {
    method: "moneytransfer",
    method_title: "Money Transfer",
    description: "Pay by bank transfer; we ship when the money arrives.",
    sort: 2,
  },
] as const;

export interface ShippingRate {
  id: number;
  carrier: string;
  carrier_title: string;
  method: string;
  method_title: string;
  method_description: string;
  price: number;
}

/** What a cart line reads of its product. */
export type CartProduct = Pick<ProductTable, "id" | "sku" | "type" | "name" | "final_price" | "stock">;

/** `T`'s columns as a join selects them, each as `<prefix><column>`. */
type Prefixed<T, P extends string> = { [K in keyof T & string as `${P}${K}`]: T[K] };

/**
 * A cart line's row joined with what it reads of its product and variant (`Carts.lines`); the variant is
 * left-joined, so its columns may be null.
 */
type LineRow = Selectable<CartItemTable> &
  Prefixed<Omit<CartProduct, "id">, "p_"> &
  Prefixed<{ [K in keyof ProductVariantTable]: ProductVariantTable[K] | null }, "v_">;

export interface LineInfo {
  item: CartItemRow;
  product: CartProduct;
  variant: ProductVariantTable | null;
  price: number;
  total: number;
}

export interface Totals {
  lines: LineInfo[];
  subTotal: number;
  discount: number;
  tax: number;
  shipping: number;
  grandTotal: number;
  qty: number;
  coupon: CouponTable | null;
  rates: ShippingRate[];
  selectedRate: ShippingRate | null;
}

/** The outcome of one change of a batch, as the reply lists it. */
export interface BatchResult {
  idempotency_key: string;
  status: "applied" | "replayed" | "refused";
  message?: string;
}

/** How a batch claims the keys of its changes (lib/idempotency.ts). */
export interface BatchClaims {
  /** the outcome of a change whose key was claimed before the batch began */
  before(key: string): Omit<BatchResult, "idempotency_key"> | undefined;
  /** claims the key with the reply its change gets; null: claimed now, else the earlier outcome */
  claim(
    key: string,
    reply: { message: string; refusal: boolean },
  ): Promise<Omit<BatchResult, "idempotency_key"> | null>;
}

export const ADDED_MESSAGE = "Item was successfully added to cart.";
export const UPDATED_MESSAGE = "Cart Item(s) successfully updated.";
export const REMOVED_MESSAGE = "Item was removed successfully from the cart.";
export const OPTIONS_MISSING_MESSAGE = "Options are missing for this product.";
export const PRODUCT_NOT_FOUND_MESSAGE = "Product not found.";

const lineKey = (productId: number, variantId: number | null) => `${productId}:${variantId ?? 0}`;

const NULL_JSON = Buffer.from("null");

/** The product a stored view is of (read only when some line's product has no view). */
function viewId(bytes: Buffer): number {
  return (JSON.parse(bytes.toString("utf8")) as { id: number }).id;
}

export class StockError extends Error {
  constructor() {
    super(STOCK_ERROR_MESSAGE);
  }
}

export function addressLines(stored: string): string[] {
  return stored.split("\n");
}

export function addressView<
  T extends {
    id: number;
    address1: string;
    country: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
  },
>(a: T) {
  return {
    ...a,
    first_name: a.first_name ?? "",
    last_name: a.last_name ?? "",
    name: `${a.first_name ?? ""} ${a.last_name ?? ""}`.trim(),
    email: a.email ?? "",
    address1: addressLines(a.address1),
    country_name: COUNTRY_NAMES[a.country] ?? a.country,
  };
}

export class Carts {
  // The queries every cart request runs, built and compiled once (Store.prepared).
  private readonly byCustomer: (customerId: number) => Promise<CartRow[]>;
  private readonly bySession: (sessionHash: string) => Promise<CartRow[]>;
  private readonly lineRows: (cartId: number) => Promise<LineRow[]>;
  private readonly addressRows: (cartId: number) => Promise<CartAddressRow[]>;

  constructor(
    private readonly store: Store,
    private readonly catalog: Catalog,
    private readonly freeShippingThreshold: () => number,
  ) {
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
  }

  async find(owner: CartOwner): Promise<CartRow | undefined> {
    const [cart] = await (owner.customerId !== undefined
      ? this.byCustomer(owner.customerId)
      : this.bySession(owner.sessionHash));
    return cart;
  }

  async findOrCreate(
    owner: CartOwner,
    customer?: { email: string; first_name: string; last_name: string },
  ): Promise<CartRow> {
    const existing = await this.find(owner);
    if (existing) return existing;
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

  private async variant(id: number): Promise<ProductVariantTable | undefined> {
    return await this.store.first(
      this.store.qb.selectFrom("product_variants").selectAll().where("id", "=", id),
    );
  }

  private async variants(ids: number[]): Promise<Map<number, ProductVariantTable>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const rows = await this.store.all(
      this.store.qb.selectFrom("product_variants").selectAll().where("id", "in", unique),
    );
    return new Map(rows.map((v) => [v.id, v]));
  }

  available(product: Pick<ProductTable, "stock">, variant: ProductVariantTable | null): number {
    return Math.max(0, variant ? variant.stock : product.stock);
  }

  async validCoupon(code: string | null, subTotal: number): Promise<CouponTable | null> {
    if (!code) return null;
    const c = await this.store.first(
      this.store.qb.selectFrom("coupons").selectAll().where("code", "=", code.toUpperCase()),
    );
    if (!c || c.status !== 1) return null;
    const now = nowIso();
    if ((c.starts_at && c.starts_at > now) || (c.ends_at && c.ends_at < now)) return null;
    if (subTotal < c.min_sub_total) return null;
    return c;
  }

  /**
   * The cart's lines with what they read of their products and variants, in one query (a line whose product
   * is gone is left out, a variant that is gone reads as none).
   */
  private async lines(cartId: number): Promise<LineInfo[]> {
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

  async totals(cart: CartRow): Promise<Totals> {
    const lines = await this.lines(cart.id);
    const subTotal = round2(lines.reduce((s, l) => s + l.total, 0));
    const coupon = await this.validCoupon(cart.coupon_code, subTotal);
    const discount = coupon
      ? round2(
          coupon.type === "percent" ? (subTotal * coupon.amount) / 100 : Math.min(coupon.amount, subTotal),
        )
      : 0;
    const tax = round2(((subTotal - discount) * GST_PERCENT) / 100);
    const rates = this.rates(subTotal - discount);
    const selectedRate = rates.find((r) => r.method === cart.shipping_method) ?? null;
    const shipping = selectedRate?.price ?? 0;
    return {
      lines,
      subTotal,
      discount,
      tax,
      shipping,
      grandTotal: round2(subTotal - discount + tax + shipping),
      qty: lines.reduce((s, l) => s + l.item.quantity, 0),
      coupon,
      rates,
      selectedRate,
    };
  }

  rates(net: number): ShippingRate[] {
    const rates: ShippingRate[] = [
      {
        id: 1,
        carrier: "flatrate",
        carrier_title: "Flat Rate",
        // Bagisto's rate method is the full code the client sends back to save-shipping.
        method: "flatrate_flatrate",
        method_title: "Flat Rate",
        method_description: "Flat Rate Shipping",
        price: FLAT_RATE_SHIPPING,
      },
    ];
    if (net >= this.freeShippingThreshold()) {
      rates.push({
        id: 2,
        carrier: "free",
        carrier_title: "Free Shipping",
        method: "free_free",
        method_title: "Free Shipping",
        method_description: "Free Shipping",
        price: 0,
      });
    }
    return rates;
  }

  rateView(r: ShippingRate) {
    const now = nowIso();
    return {
      ...r,
      price: decimal(r.price),
      formated_price: formatMoney(r.price, SERVER_MONEY_FORMAT),
      base_price: decimal(r.price),
      formated_base_price: formatMoney(r.price, SERVER_MONEY_FORMAT),
      created_at: now,
      updated_at: now,
    };
  }

  /**
   * A cart's reply in parts: its fields before `items` and after them, and each line's reply without its
   * product and that product's stored view (JSON bytes, `Catalog.viewsBytes`), so the reply can be
   * written with the views spliced in as they are (`viewJson`) instead of parsed and serialised again.
   */
  private async viewParts(cart: CartRow): Promise<{
    head: Record<string, unknown>;
    items: { line: Record<string, unknown>; product: Buffer | undefined }[];
    tail: Record<string, unknown>;
  }> {
    const t = await this.totals(cart);
    const productIds = [...new Set(t.lines.map((l) => l.product.id))];
    const views = await this.catalog.viewsBytes(productIds);
    // viewsBytes answers the views it found in the order asked, leaving out products that have none.
    const productViews = new Map<number, Buffer>();
    if (views.length === productIds.length) productIds.forEach((id, i) => productViews.set(id, views[i]!));
    else for (const bytes of views) productViews.set(viewId(bytes), bytes);
    const { billing, shipping } = await this.addresses(cart.id);
    const money = (name: string, v: number) => ({
      [name]: decimal(v),
      [`formated_${name}`]: formatMoney(v, SERVER_MONEY_FORMAT),
      [`base_${name}`]: decimal(v),
      [`formated_base_${name}`]: formatMoney(v, SERVER_MONEY_FORMAT),
    });
    const method = PAYMENT_METHODS.find((m) => m.method === cart.payment_method);
    return {
      head: {
        id: cart.id,
        customer_email: cart.customer_email,
        customer_first_name: cart.customer_first_name,
        customer_last_name: cart.customer_last_name,
        shipping_method: cart.shipping_method,
        coupon_code: t.coupon ? t.coupon.code : null,
        is_gift: 0,
        items_count: t.lines.length,
        items_qty: decimal(t.qty),
        exchange_rate: null,
        global_currency_code: "INR",
        base_currency_code: "INR",
        channel_currency_code: "INR",
        cart_currency_code: "INR",
        ...money("grand_total", t.grandTotal),
        ...money("sub_total", t.subTotal),
        ...money("tax_total", t.tax),
        ...money("discount", t.discount),
        formated_discounted_sub_total: formatMoney(t.subTotal - t.discount, SERVER_MONEY_FORMAT),
        formated_base_discounted_sub_total: formatMoney(t.subTotal - t.discount, SERVER_MONEY_FORMAT),
        checkout_method: null,
        is_guest: cart.customer_id ? 0 : 1,
        is_active: cart.is_active,
        conversion_time: null,
      },
      items: t.lines.map((l) => ({ line: this.itemView(l, t), product: productViews.get(l.product.id) })),
      tail: {
        selected_shipping_rate: t.selectedRate ? this.rateView(t.selectedRate) : null,
        payment: method
          ? {
              id: cart.id,
              method: method.method,
              method_title: method.method_title,
              created_at: cart.updated_at,
              updated_at: cart.updated_at,
            }
          : null,
        billing_address: billing ? addressView(billing) : null,
        shipping_address: shipping ? addressView(shipping) : null,
        taxes: JSON.stringify(t.lines.length ? { [String(GST_PERCENT)]: t.tax } : {}),
        formated_taxes: JSON.stringify(
          t.lines.length ? { [String(GST_PERCENT)]: formatMoney(t.tax, SERVER_MONEY_FORMAT) } : {},
        ),
        base_taxes: JSON.stringify(t.lines.length ? { [String(GST_PERCENT)]: t.tax } : {}),
        formated_base_taxes: JSON.stringify(
          t.lines.length ? { [String(GST_PERCENT)]: formatMoney(t.tax, SERVER_MONEY_FORMAT) } : {},
        ),
        created_at: cart.created_at,
        updated_at: cart.updated_at,
      },
    };
  }

  /**
   * The cart's reply as JSON bytes ("null" without a cart), the one builder of every reply that holds a
   * cart: each line's product view is spliced in as stored, neither parsed nor serialised again (most of a
   * cart read's CPU when it was), giving the text `JSON.stringify` writes for the parsed reply.
   */
  async viewJson(cart: CartRow | undefined | null): Promise<Buffer> {
    if (!cart) return NULL_JSON;
    const { head, items, tail } = await this.viewParts(cart);
    const chunks: Buffer[] = [];
    let text = `${JSON.stringify(head).slice(0, -1)},"items":[`;
    items.forEach(({ line, product }, i) => {
      if (i) text += ",";
      const json = JSON.stringify(line);
      if (!product) {
        text += json;
        return;
      }
      // The product is the line's last field.
      chunks.push(Buffer.from(`${text}${json.slice(0, -1)},"product":`), product);
      text = "}";
    });
    chunks.push(Buffer.from(`${text}],${JSON.stringify(tail).slice(1)}`));
    return Buffer.concat(chunks);
  }

  /** A line's reply, all but its product (the line's last field, see `viewJson`). */
  private itemView(l: LineInfo, t: Totals) {
    const share = t.subTotal > 0 ? l.total / t.subTotal : 0;
    const discount = round2(t.discount * share);
    const tax = round2(((l.total - discount) * GST_PERCENT) / 100);
    const color = l.variant ? COLORS.find((c) => c.id === l.variant!.color_option_id) : undefined;
    const size = l.variant ? SIZES.find((s) => s.id === l.variant!.size_option_id) : undefined;
    const m = (name: string, v: number) => ({
      [name]: decimal(v),
      [`formated_${name}`]: formatMoney(v, SERVER_MONEY_FORMAT),
      [`base_${name}`]: decimal(v),
      [`formated_base_${name}`]: formatMoney(v, SERVER_MONEY_FORMAT),
    });
    const additional = {
      product_id: l.product.id,
      quantity: l.item.quantity,
      ...(l.variant
        ? {
            selected_configurable_option: l.variant.id,
            super_attribute: {
              [COLOR_ATTRIBUTE_ID]: l.variant.color_option_id,
              [SIZE_ATTRIBUTE_ID]: l.variant.size_option_id,
            },
            attributes: {
              color: {
                attribute_name: "Color",
                option_id: l.variant.color_option_id,
                option_label: color?.label ?? l.variant.color,
              },
              size: {
                attribute_name: "Size",
                option_id: l.variant.size_option_id,
                option_label: size?.label ?? l.variant.size,
              },
            },
          }
        : {}),
    };
    const base = {
      id: l.item.id,
      quantity: l.item.quantity,
      sku: l.variant?.sku ?? l.product.sku,
      type: l.product.type,
      name: l.product.name,
      product_id: l.product.id,
      coupon_code: t.coupon?.code ?? null,
      weight: "12.0000",
      total_weight: decimal(12 * l.item.quantity),
      base_total_weight: decimal(12 * l.item.quantity),
      ...m("price", l.price),
      custom_price: null,
      formated_custom_price: formatMoney(0, SERVER_MONEY_FORMAT),
      ...m("total", l.total),
      tax_percent: decimal(GST_PERCENT),
      ...m("tax_amount", tax),
      discount_percent: decimal(t.coupon?.type === "percent" ? t.coupon.amount : 0),
      ...m("discount_amount", discount),
      additional,
      color: l.variant?.color ?? null,
      size: l.variant?.size ?? null,
      created_at: l.item.created_at,
      updated_at: l.item.updated_at,
    };
    return {
      ...base,
      child: l.variant
        ? {
            ...base,
            id: l.item.id,
            type: "simple",
            name: `${l.product.name} ${color?.label ?? ""} ${size?.label ?? ""}`.trim(),
            child: null,
          }
        : null,
    };
  }

  async resolveVariant(
    product: ProductTable,
    selected: number | undefined,
    superAttr: Record<string, number> | undefined,
  ): Promise<ProductVariantTable | null | "missing"> {
    if (product.type !== "configurable") return null;
    if (selected !== undefined) {
      const v = await this.variant(selected);
      return v && v.product_id === product.id ? v : "missing";
    }
    const color = superAttr?.[String(COLOR_ATTRIBUTE_ID)];
    const size = superAttr?.[String(SIZE_ATTRIBUTE_ID)];
    if (color === undefined || size === undefined) return "missing";
    const v = await this.store.first(
      this.store.qb
        .selectFrom("product_variants")
        .selectAll()
        .where("product_id", "=", product.id)
        .where("color_option_id", "=", color)
        .where("size_option_id", "=", size),
    );
    return v ?? "missing";
  }

  /** Adds or merges a line; throws StockError above stock. */
  async addLine(
    cart: CartRow,
    product: CartProduct,
    variant: ProductVariantTable | null,
    quantity: number,
    extra: Record<string, unknown> = {},
  ): Promise<void> {
    const [existing] = await this.linesOf(cart.id, [product.id], variant?.id ?? null);
    const next = (existing?.quantity ?? 0) + quantity;
    if (next > this.available(product, variant)) throw new StockError();
    if (existing) await this.setLineQuantity(existing.id, next);
    else await this.insertLine(cart, product, variant, quantity, extra);
    await this.touch(cart);
  }

  /** The cart's lines of these products (of one variant of them, when `variantId` is given). */
  private async linesOf(
    cartId: number,
    productIds: number[],
    variantId?: number | null,
  ): Promise<CartItemRow[]> {
    if (!productIds.length) return [];
    let q = this.store.qb
      .selectFrom("cart_items")
      .selectAll()
      .where("cart_id", "=", cartId)
      .where("product_id", "in", productIds);
    if (variantId !== undefined) q = q.where("variant_id", variantId === null ? "is" : "=", variantId);
    return await this.store.all(q.orderBy("id"));
  }

  private async insertLine(
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

  private async setLineQuantity(itemId: number, quantity: number): Promise<void> {
    await this.store.run(
      this.store.qb
        .updateTable("cart_items")
        .set({ quantity, updated_at: nowIso() })
        .where("id", "=", itemId),
    );
  }

  /** Sets absolute quantities of some lines; reads only those lines (its cost does not grow with the cart). */
  async setQuantities(cart: CartRow, qty: Record<string, number>): Promise<void> {
    const ids = Object.keys(qty)
      .map(Number)
      .filter((id) => Number.isSafeInteger(id));
    const rows = ids.length
      ? await this.store.all(
          this.store.qb
            .selectFrom("cart_items")
            .selectAll()
            .where("cart_id", "=", cart.id)
            .where("id", "in", ids),
        )
      : [];
    const items = new Map(rows.map((i) => [String(i.id), i]));
    for (const [id, q] of Object.entries(qty)) {
      if (!items.has(id))
        throw new HttpError(404, { error: "Resource Not Found", message: `Cart item ${id} not found.` });
      if (q <= 0)
        throw new HttpError(422, {
          message: "Quantity cannot be lesser than one.",
          error: { message: "Quantity cannot be lesser than one.", code: 0 },
        });
    }
    const products = new Map(
      (await this.catalog.productRows([...new Set(rows.map((i) => i.product_id))])).map((p) => [p.id, p]),
    );
    const variants = await this.variants(
      rows.map((i) => i.variant_id).filter((v): v is number => v !== null),
    );
    for (const [id, q] of Object.entries(qty)) {
      const item = items.get(id)!;
      const product = products.get(item.product_id);
      if (!product) continue;
      const variant = item.variant_id ? (variants.get(item.variant_id) ?? null) : null;
      if (q > this.available(product, variant)) {
        throw new HttpError(422, {
          message: STOCK_ERROR_MESSAGE,
          error: { message: STOCK_ERROR_MESSAGE, code: 0 },
        });
      }
    }
    for (const [id, q] of Object.entries(qty)) await this.setLineQuantity(Number(id), q);
    await this.touch(cart);
  }

  /**
   * The changes of a cart batch (POST checkout/cart/batch), in order, inside the caller's transaction. Each
   * change claims its key first (`claims`): a key claimed before is not applied again. A change is checked
   * before anything is written, so a refused one leaves the others as they are. Lines are found by product
   * and variant; the batch reads only the lines of the products it names, once, and touches the cart once.
   */
  async applyBatch(
    owner: CartOwner,
    customer: { email: string; first_name: string; last_name: string } | undefined,
    changes: CartBatchChange[],
    claims: BatchClaims,
  ): Promise<BatchResult[]> {
    const productIds = [...new Set(changes.flatMap((ch) => (ch.action === "empty" ? [] : [ch.product_id])))];
    const products = new Map((await this.catalog.productRows(productIds)).map((p) => [p.id, p]));
    const variants = await this.variants(
      changes.flatMap((ch) => (ch.action === "set" && ch.variant_id !== null ? [ch.variant_id] : [])),
    );
    let cart = await this.find(owner);
    const lines = new Map<string, CartItemRow>();
    for (const line of cart ? await this.linesOf(cart.id, productIds) : []) {
      const key = lineKey(line.product_id, line.variant_id);
      if (!lines.has(key)) lines.set(key, line);
    }
    let touched = false;

    /** What the change does: a refusal, or its message and how to apply it. */
    const plan = async (
      ch: CartBatchChange,
    ): Promise<{ refusal: string } | { message: string; apply: () => Promise<void> }> => {
      if (ch.action === "empty") {
        return {
          message: REMOVED_MESSAGE,
          apply: async () => {
            if (cart) await this.empty(cart.id);
            cart = undefined;
            lines.clear();
            touched = false;
          },
        };
      }
      const product = products.get(ch.product_id);
      if (ch.action === "add") {
        if (!product) return { refusal: PRODUCT_NOT_FOUND_MESSAGE };
        const variant = await this.resolveVariant(
          product,
          ch.selected_configurable_option,
          ch.super_attribute,
        );
        if (variant === "missing") return { refusal: OPTIONS_MISSING_MESSAGE };
        const key = lineKey(product.id, variant?.id ?? null);
        const line = lines.get(key);
        const next = (line?.quantity ?? 0) + ch.quantity;
        if (next > this.available(product, variant)) return { refusal: STOCK_ERROR_MESSAGE };
        return {
          message: ADDED_MESSAGE,
          apply: async () => {
            touched = true;
            if (line) {
              await this.setLineQuantity(line.id, next);
              line.quantity = next;
              return;
            }
            cart ??= await this.findOrCreate(owner, customer);
            const extra = {
              product_id: product.id,
              quantity: ch.quantity,
              ...(variant
                ? { selected_configurable_option: variant.id, super_attribute: ch.super_attribute ?? {} }
                : {}),
            };
            lines.set(key, await this.insertLine(cart, product, variant, ch.quantity, extra));
          },
        };
      }
      const key = lineKey(ch.product_id, ch.variant_id);
      const line = lines.get(key);
      const noop = {
        message: ch.action === "set" ? UPDATED_MESSAGE : REMOVED_MESSAGE,
        apply: async () => {},
      };
      if (!line) return noop;
      if (ch.action === "remove") {
        return {
          message: REMOVED_MESSAGE,
          apply: async () => {
            await this.deleteLine(line.id);
            lines.delete(key);
            touched = true;
          },
        };
      }
      const variant = ch.variant_id === null ? null : variants.get(ch.variant_id);
      if (!product || variant === undefined) return { refusal: PRODUCT_NOT_FOUND_MESSAGE };
      if (ch.quantity > this.available(product, variant)) return { refusal: STOCK_ERROR_MESSAGE };
      return {
        message: UPDATED_MESSAGE,
        apply: async () => {
          await this.setLineQuantity(line.id, ch.quantity);
          line.quantity = ch.quantity;
          touched = true;
        },
      };
    };

    const results: BatchResult[] = [];
    for (const ch of changes) {
      const key = ch.idempotency_key;
      const before = claims.before(key);
      if (before) {
        results.push({ idempotency_key: key, ...before });
        continue;
      }
      const p = await plan(ch);
      const refusal = "refusal" in p;
      const message = refusal ? p.refusal : p.message;
      const earlier = await claims.claim(key, { message, refusal });
      if (earlier) results.push({ idempotency_key: key, ...earlier });
      else if (refusal) results.push({ idempotency_key: key, status: "refused", message });
      else {
        await p.apply();
        results.push({ idempotency_key: key, status: "applied" });
      }
    }
    if (touched && cart) await this.touch(cart);
    return results;
  }

  private async deleteLine(itemId: number): Promise<void> {
    await this.store.run(this.store.qb.deleteFrom("cart_items").where("id", "=", itemId));
  }

  /** Empties the cart and closes it (GET checkout/cart/empty): the next add opens a new one. */
  async empty(cartId: number): Promise<void> {
    await this.store.run(this.store.qb.deleteFrom("cart_items").where("cart_id", "=", cartId));
    await this.deactivate(cartId);
  }

  async touch(cart: CartRow): Promise<void> {
    await this.store.run(
      this.store.qb.updateTable("carts").set({ updated_at: nowIso() }).where("id", "=", cart.id),
    );
  }

  async deactivate(cartId: number): Promise<void> {
    await this.store.run(
      this.store.qb.updateTable("carts").set({ is_active: 0, updated_at: nowIso() }).where("id", "=", cartId),
    );
  }

  /** Login: the guest's lines join the customer's cart; quantities are capped at stock, never refused. */
  async merge(
    sessionHash: string,
    customer: { id: number; email: string; first_name: string; last_name: string },
  ): Promise<void> {
    const guest = await this.find({ sessionHash });
    if (!guest) return;
    const guestItems = await this.items(guest.id);
    if (!guestItems.length) {
      await this.deactivate(guest.id);
      return;
    }
    const target = await this.findOrCreate({ customerId: customer.id }, customer);
    const current = await this.totals(target);
    const guestTotals = await this.totals(guest);
    for (const l of guestTotals.lines) {
      const existing = current.lines.find(
        (c) => c.product.id === l.product.id && (c.variant?.id ?? null) === (l.variant?.id ?? null),
      );
      const room = this.available(l.product, l.variant) - (existing?.item.quantity ?? 0);
      const add = Math.min(room, l.item.quantity);
      if (add > 0)
        await this.addLine(
          target,
          l.product,
          l.variant,
          add,
          JSON.parse(l.item.additional ?? "{}") as Record<string, unknown>,
        );
    }
    if (!target.coupon_code && guest.coupon_code) {
      await this.store.run(
        this.store.qb
          .updateTable("carts")
          .set({ coupon_code: guest.coupon_code })
          .where("id", "=", target.id),
      );
    }
    await this.deactivate(guest.id);
  }
}
