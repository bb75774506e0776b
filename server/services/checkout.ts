import { STOCK_ERROR_MESSAGE } from "../../src/api/contract/cart";
import { GST_PERCENT } from "../../src/api/contract/checkout";
import { round2 } from "../../src/api/contract/money";
import type { Store } from "../db/store";
import { moveGuestSession, type SessionMove } from "../lib/auth";
import { HttpError, nowIso } from "../lib/http";
import { addCheckoutAddress } from "./addresses";
import type { Catalog } from "./catalog/catalog";
import { PAYMENT_METHODS, type CartOwner, type LineInfo } from "./cart/cart-types";
import type { Carts } from "./cart/carts";
import type { OrderParts, OrderRow } from "./orders";

/** The checkout's writes: the cart's addresses, shipping and payment choices, and the order it becomes. */

/** A line's quantity is more than is in stock (the order is refused, nothing of it is kept). */
export const stockError = (itemId: number) =>
  new HttpError(422, {
    message: STOCK_ERROR_MESSAGE,
    error: { message: STOCK_ERROR_MESSAGE, code: 0 },
    item_id: itemId,
  });

/** An address as the checkout stores it on the cart (and, asked to, in the customer's address book). */
export interface CheckoutAddressValues {
  first_name: string;
  last_name: string;
  company_name: string | null;
  email: string;
  address1: string;
  city: string;
  state: string | null;
  postcode: string;
  country: string;
  phone: string;
}

/**
 * The cart's billing and shipping addresses in one transaction (replacing any it had), the billing
 * address's name and e-mail on the cart, and, with `addToBookOf`, the billing address added to that
 * customer's address book.
 */
export async function saveCartAddresses(
  store: Store,
  cartId: number,
  billing: CheckoutAddressValues,
  shipping: CheckoutAddressValues,
  addToBookOf: number | null,
): Promise<void> {
  const now = nowIso();
  await store.tx(async () => {
    await store.run(store.qb.deleteFrom("cart_addresses").where("cart_id", "=", cartId));
    for (const [type, a] of [
      ["billing", billing],
      ["shipping", shipping],
    ] as const) {
      await store.run(
        store.qb
          .insertInto("cart_addresses")
          .values({ cart_id: cartId, address_type: type, ...a, created_at: now, updated_at: now }),
      );
    }
    await store.run(
      store.qb
        .updateTable("carts")
        .set({
          customer_email: billing.email,
          customer_first_name: billing.first_name,
          customer_last_name: billing.last_name,
          updated_at: now,
        })
        .where("id", "=", cartId),
    );
    if (addToBookOf !== null) await addCheckoutAddress(store, addToBookOf, billing, now);
  });
}

/** The cart's shipping method is no longer offered (its addresses or totals changed): it has none. */
export async function clearShippingMethod(store: Store, cartId: number): Promise<void> {
  await store.run(store.qb.updateTable("carts").set({ shipping_method: null }).where("id", "=", cartId));
}

export async function setShippingMethod(store: Store, cartId: number, method: string): Promise<void> {
  await store.run(
    store.qb
      .updateTable("carts")
      .set({ shipping_method: method, updated_at: nowIso() })
      .where("id", "=", cartId),
  );
}

export async function setPaymentMethod(store: Store, cartId: number, method: string): Promise<void> {
  await store.run(
    store.qb
      .updateTable("carts")
      .set({ payment_method: method, updated_at: nowIso() })
      .where("id", "=", cartId),
  );
}

/** An order as placement wrote it: its row and what its reply shows (`buildOrderViews`), read nothing again. */
export interface PlacedOrder {
  order: OrderRow;
  parts: OrderParts;
}

const emptyCart = () => new HttpError(400, { error: "Your cart is empty.", message: "Your cart is empty." });

/**
 * The owner's cart becomes an order, in one transaction: the cart is claimed (at most one order per
 * cart), each line's stock is taken by a conditional update (refused when it is not there any more), the
 * order's lines, addresses and invoice are written; then this instance's catalogue drops what the order
 * changed. With `session`, a guest's session moves to its new id first, in the same transaction, the order
 * with it (`owner` is then the old id's). Answers what the statements wrote (`RETURNING`), so the reply reads
 * nothing again. Throws the refusals, in this order: an empty cart, a missing shipping or billing address,
 * no shipping or payment method, stock.
 */
export async function placeOrder(
  store: Store,
  carts: Carts,
  catalog: Catalog,
  owner: CartOwner,
  customer: { id: number; email: string; first_name: string; last_name: string } | null,
  session: SessionMove | null,
): Promise<PlacedOrder> {
  const { placed, productIds, own } = await store.tx(async () => {
    // A guest's carts and orders move to the new session id first (security review N7), taking their rows
    // in the order every session rotation takes them (carts, then orders); a cancellation takes its order,
    // then products, as this transaction does later. No two of them wait for each other in a circle.
    // A concurrent submission of the same cart finds nothing left under the old id: its cart is empty.
    if (session) await moveGuestSession(store, session);
    // The cart becomes at most one order: the claim holds its row until commit, so no change to it lands in
    // between; a concurrent submission of the same cart, on any instance, finds it already claimed. A
    // refusal below rolls the claim (and the move) back with everything else. The claim answers the cart
    // as it is now (its shipping and payment choices, its coupon).
    const cart = await carts.rows.claim(session ? { sessionHash: session.to } : owner);
    if (!cart) throw emptyCart();
    const t = await carts.totals(cart);
    if (!t.lines.length) throw emptyCart();
    const { billing, shipping } = await carts.addresses(cart.id);
    if (!shipping) throw new HttpError(422, { message: "Please check shipping address." });
    if (!billing) throw new HttpError(422, { message: "Please check billing address." });
    if (!t.selectedRate) throw new HttpError(422, { message: "Please specify shipping method." });
    const payment = PAYMENT_METHODS.find((m) => m.method === cart.payment_method);
    if (!payment) throw new HttpError(422, { message: "Please specify payment method." });
    for (const l of t.lines) {
      if (l.item.quantity > carts.available(l.product, l.variant)) throw stockError(l.item.id);
    }
    const now = nowIso();
    const st = statements(store);
    const [inserted] = await store.insertRows("orders", [
      {
        increment_id: "",
        status: "pending",
        customer_id: customer?.id ?? null,
        session_hash: cart.session_hash,
        is_guest: customer ? 0 : 1,
        customer_email: billing.email ?? customer?.email ?? "",
        customer_first_name: billing.first_name ?? customer?.first_name ?? "",
        customer_last_name: billing.last_name ?? customer?.last_name ?? "",
        shipping_method: cart.shipping_method!,
        shipping_title: `${t.selectedRate.carrier_title} - ${t.selectedRate.method_title}`,
        shipping_description: t.selectedRate.method_description,
        payment_method: payment.method,
        payment_title: payment.method_title,
        coupon_code: t.coupon?.code ?? null,
        total_item_count: t.lines.length,
        total_qty_ordered: t.qty,
        sub_total: t.subTotal,
        discount_amount: t.discount,
        tax_amount: t.tax,
        shipping_amount: t.shipping,
        grand_total: t.grandTotal,
        created_at: now,
        updated_at: now,
      },
    ]);
    const id = inserted!.id;
    const order = (await st.numbered(id, String(id)))[0] as OrderRow;
    // The order's stock writes, whose log rows this instance then knows for its own (Catalog.touch). They
    // lock only the rows they write, the products' first (Catalog.lockProducts).
    const { value: items, own } = await catalog.stockWrites(async () => {
      await catalog.lockProducts(t.lines.map((l) => l.product.id));
      // Every line in one insert.
      const items = await store.insertRows(
        "order_items",
        t.lines.map((l) => {
          const share = t.subTotal > 0 ? l.total / t.subTotal : 0;
          const discount = round2(t.discount * share);
          return {
            order_id: id,
            product_id: l.product.id,
            variant_id: l.variant?.id ?? null,
            sku: l.variant?.sku ?? l.product.sku,
            type: l.product.type,
            name: l.product.name,
            color: l.variant?.color ?? null,
            size: l.variant?.size ?? null,
            qty_ordered: l.item.quantity,
            price: l.price,
            total: l.total,
            tax_percent: GST_PERCENT,
            tax_amount: round2(((l.total - discount) * GST_PERCENT) / 100),
            discount_amount: discount,
            additional: l.item.additional,
            created_at: now,
          };
        }),
      );
      for (const l of t.lines) {
        if (!(await sellLine(store, l)).changes) throw stockError(l.item.id);
      }
      return items;
    });
    const addresses = await store.insertRows(
      "order_addresses",
      [billing, shipping].map(({ id: _id, cart_id: _c, ...rest }) => ({
        ...rest,
        order_id: id,
        created_at: now,
        updated_at: now,
      })),
    );
    const invoices = await store.insertRows("invoices", [
      {
        order_id: id,
        state: payment.method === "cashondelivery" ? "pending" : "pending_payment",
        total_qty: t.qty,
        sub_total: t.subTotal,
        grand_total: t.grandTotal,
        shipping_amount: t.shipping,
        tax_amount: t.tax,
        discount_amount: t.discount,
        created_at: now,
      },
    ]);
    const products = [...new Map(t.lines.map((l) => [l.product.id, l.product])).values()];
    return {
      placed: { order, parts: { items, addresses, invoices, products } },
      productIds: t.lines.map((l) => l.product.id),
      own,
    };
  });
  catalog.touch(productIds, own);
  return placed;
}

/**
 * Takes a line's units from stock and counts them sold, in one statement: the unit is sold only if it is
 * still there when the row is written, a conditional update (it waits for, then re-reads, a concurrent
 * order's write of the same row), not the read before. Changes nothing (0 changes) when it is not.
 */
async function sellLine(store: Store, l: LineInfo): Promise<{ changes: number }> {
  const q = l.item.quantity;
  const st = statements(store);
  if (!l.variant) return { changes: (await st.sellProduct(l.product.id, q, q, q)).length };
  if (st.sellVariant) return { changes: (await st.sellVariant(l.variant.id, q, q, q)).length };
  const sold = await store.run(
    store.qb
      .updateTable("product_variants")
      .set((eb) => ({ stock: eb("stock", "-", q) }))
      .where("id", "=", l.variant.id)
      .where("stock", ">=", q),
  );
  if (sold.changes)
    await store.run(
      store.qb
        .updateTable("products")
        .set((eb) => ({ sale_count: eb("sale_count", "+", q) }))
        .where("id", "=", l.product.id),
    );
  return sold;
}

/** Order placement's statements of a fixed shape, built and compiled once per store (`Store.prepared`). */
const prepared = new WeakMap<Store, ReturnType<typeof prepare>>();
const statements = (store: Store) => prepared.get(store) ?? prepared.set(store, prepare(store)).get(store)!;

function prepare(store: Store) {
  const { qb } = store;
  return {
    /** The order's number is its id. */
    numbered: store.prepared((id: number, increment: string) =>
      qb.updateTable("orders").set({ increment_id: increment }).where("id", "=", id).returningAll(),
    ),
    /** A simple product's units taken and counted sold (a row: they were in stock). */
    sellProduct: store.prepared((product: number, take: number, count: number, atLeast: number) =>
      qb
        .updateTable("products")
        .set((eb) => ({ stock: eb("stock", "-", take), sale_count: eb("sale_count", "+", count) }))
        .where("id", "=", product)
        .where("stock", ">=", atLeast)
        .returning("id"),
    ),
    /**
     * PostgreSQL: a variant's units taken and its product's count of them sold, in one statement, the count
     * only if the units were taken (a row: they were in stock).
     */
    sellVariant:
      store.dialect === "postgres"
        ? store.prepared((variant: number, take: number, atLeast: number, count: number) =>
            qb
              .with("taken", (db) =>
                db
                  .updateTable("product_variants")
                  .set((eb) => ({ stock: eb("stock", "-", take) }))
                  .where("id", "=", variant)
                  .where("stock", ">=", atLeast)
                  .returning("product_id"),
              )
              .updateTable("products")
              .set((eb) => ({ sale_count: eb("sale_count", "+", count) }))
              .where("id", "in", (eb) => eb.selectFrom("taken").select("product_id"))
              .returning("id"),
          )
        : null,
  };
}
