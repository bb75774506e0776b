import { STOCK_ERROR_MESSAGE } from "../../../src/api/contract/cart";
import { COLOR_ATTRIBUTE_ID, SIZE_ATTRIBUTE_ID } from "../../../src/api/contract/product";
import { GST_PERCENT } from "../../../src/api/contract/checkout";
import { FLAT_RATE_SHIPPING, round2 } from "../../../src/api/contract/money";
import type { ProductTable, ProductVariantTable } from "../../db/schema";
import type { Store } from "../../db/store";
import { HttpError, nowIso } from "../../lib/http";
import type { Catalog } from "../catalog/catalog";
import { CartRows } from "./cart-rows";
import {
  StockError,
  type CartAddressRow,
  type CartItemRow,
  type CartOwner,
  type CartProduct,
  type CartRow,
  type CouponTable,
  type ShippingRate,
  type Totals,
} from "./cart-types";
import { cartJson, rateView } from "./cart-view";

const NULL_JSON = Buffer.from("null");

/** The product a stored view is of (read only when some line's product has no view). */
function viewId(bytes: Buffer): number {
  return (JSON.parse(bytes.toString("utf8")) as { id: number }).id;
}

/**
 * The carts service: a shopper's cart, its lines within stock, its totals (coupon, tax, shipping rates) and
 * its reply. Its statements are `CartRows`'; a batch of outbox changes is `applyCartBatch` (cart-batch.ts).
 */
export class Carts {
  readonly rows: CartRows;

  constructor(
    store: Store,
    private readonly catalog: Catalog,
    private readonly freeShippingThreshold: () => number,
  ) {
    this.rows = new CartRows(store);
  }

  find(owner: CartOwner): Promise<CartRow | undefined> {
    return this.rows.find(owner);
  }

  async findOrCreate(
    owner: CartOwner,
    customer?: { email: string; first_name: string; last_name: string },
  ): Promise<CartRow> {
    const existing = await this.find(owner);
    if (existing) return existing;
    return await this.rows.insert(owner, customer);
  }

  items(cartId: number): Promise<CartItemRow[]> {
    return this.rows.items(cartId);
  }

  addresses(cartId: number): Promise<{ billing: CartAddressRow | null; shipping: CartAddressRow | null }> {
    return this.rows.addresses(cartId);
  }

  available(product: Pick<ProductTable, "stock">, variant: ProductVariantTable | null): number {
    return Math.max(0, variant ? variant.stock : product.stock);
  }

  async validCoupon(code: string | null, subTotal: number): Promise<CouponTable | null> {
    if (!code) return null;
    const c = await this.rows.coupon(code.toUpperCase());
    if (!c || c.status !== 1) return null;
    const now = nowIso();
    if ((c.starts_at && c.starts_at > now) || (c.ends_at && c.ends_at < now)) return null;
    if (subTotal < c.min_sub_total) return null;
    return c;
  }

  async totals(cart: CartRow): Promise<Totals> {
    const lines = await this.rows.lines(cart.id);
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

  async resolveVariant(
    product: ProductTable,
    selected: number | undefined,
    superAttr: Record<string, number> | undefined,
  ): Promise<ProductVariantTable | null | "missing"> {
    if (product.type !== "configurable") return null;
    if (selected !== undefined) {
      const v = await this.rows.variant(selected);
      return v && v.product_id === product.id ? v : "missing";
    }
    const color = superAttr?.[String(COLOR_ATTRIBUTE_ID)];
    const size = superAttr?.[String(SIZE_ATTRIBUTE_ID)];
    if (color === undefined || size === undefined) return "missing";
    const v = await this.rows.variantByOptions(product.id, color, size);
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
    const [existing] = await this.rows.linesOf(cart.id, [product.id], variant?.id ?? null);
    const next = (existing?.quantity ?? 0) + quantity;
    if (next > this.available(product, variant)) throw new StockError();
    if (existing) await this.rows.setLineQuantity(existing.id, next);
    else await this.rows.insertLine(cart, product, variant, quantity, extra);
    await this.touch(cart);
  }

  /** Sets absolute quantities of some lines; reads only those lines (its cost does not grow with the cart). */
  async setQuantities(cart: CartRow, qty: Record<string, number>): Promise<void> {
    const ids = Object.keys(qty)
      .map(Number)
      .filter((id) => Number.isSafeInteger(id));
    const rows = ids.length ? await this.rows.itemsById(cart.id, ids) : [];
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
    const variants = await this.rows.variants(
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
    for (const [id, q] of Object.entries(qty)) await this.rows.setLineQuantity(Number(id), q);
    await this.touch(cart);
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
      await this.rows.setCoupon(target.id, guest.coupon_code, { touch: false });
    }
    await this.deactivate(guest.id);
  }

  rateView(r: ShippingRate) {
    return rateView(r);
  }

  /**
   * The cart's reply as JSON bytes ("null" without a cart), the one builder of every reply that holds a
   * cart (see `cartJson`): its totals, its products' stored views, its addresses.
   */
  async viewJson(cart: CartRow | undefined | null): Promise<Buffer> {
    if (!cart) return NULL_JSON;
    const t = await this.totals(cart);
    const productIds = [...new Set(t.lines.map((l) => l.product.id))];
    const views = await this.catalog.viewsBytes(productIds);
    // viewsBytes answers the views it found in the order asked, leaving out products that have none.
    const productViews = new Map<number, Buffer>();
    if (views.length === productIds.length) productIds.forEach((id, i) => productViews.set(id, views[i]!));
    else for (const bytes of views) productViews.set(viewId(bytes), bytes);
    return cartJson(cart, t, productViews, await this.addresses(cart.id));
  }

  /** The products' rows (what a line reads of its product), through the catalogue. */
  productRows(ids: number[]): Promise<ProductTable[]> {
    return this.catalog.productRows(ids);
  }

  /** Removes the cart's line `itemId` (false: the cart has no such line). */
  async removeLine(cart: CartRow, itemId: number): Promise<boolean> {
    if (!(await this.rows.deleteLineOf(cart.id, itemId))) return false;
    await this.touch(cart);
    return true;
  }

  /** Whether a coupon of this code exists (valid now or not). */
  couponExists(code: string): Promise<boolean> {
    return this.rows.couponExists(code);
  }

  /** Applies a coupon code to the cart (null: removes it). */
  async setCoupon(cart: CartRow, code: string | null): Promise<void> {
    await this.rows.setCoupon(cart.id, code);
  }

  /** Empties the cart and closes it (GET checkout/cart/empty): the next add opens a new one. */
  async empty(cartId: number): Promise<void> {
    await this.rows.deleteLines(cartId);
    await this.deactivate(cartId);
  }

  async touch(cart: CartRow): Promise<void> {
    await this.rows.touch(cart.id);
  }

  async deactivate(cartId: number): Promise<void> {
    await this.rows.deactivate(cartId);
  }
}
