import type { Store } from "../db/store";
import type { Selectable } from "kysely";
import type { InvoiceTable, OrderAddressTable, OrderItemTable, OrderTable, ProductTable } from "../db/schema";
import type { Catalog } from "./catalog/catalog";
import { imageSet } from "./catalog/product-view";
import { addressView } from "./cart/cart-types";
import { nowIso } from "../lib/http";
import { decimal, formatMoney, SERVER_MONEY_FORMAT } from "../../src/api/contract/money";
import { GST_PERCENT } from "../../src/api/contract/checkout";

export type OrderRow = Omit<OrderTable, "id"> & { id: number };

const STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  pending_payment: "Pending Payment",
  processing: "Processing",
  completed: "Completed",
  canceled: "Canceled",
  closed: "Closed",
  fraud: "Fraud",
};

function money(name: string, v: number) {
  return {
    [name]: decimal(v),
    [`formated_${name}`]: formatMoney(v, SERVER_MONEY_FORMAT),
    [`base_${name}`]: decimal(v),
    [`formated_base_${name}`]: formatMoney(v, SERVER_MONEY_FORMAT),
  };
}

export type OrderItemRow = Selectable<OrderItemTable>;
export type OrderAddressRow = Selectable<OrderAddressTable>;
export type InvoiceRow = Selectable<InvoiceTable>;
/** What an order's reply shows of its lines' products. */
export type OrderProduct = Pick<ProductTable, "id" | "name" | "url_key" | "body_type" | "default_color">;

/** The orders' lines, addresses and invoices and their products, which `buildOrderViews` writes out. */
export interface OrderParts {
  items: OrderItemRow[];
  addresses: OrderAddressRow[];
  invoices: InvoiceRow[];
  products: OrderProduct[];
}

/** The orders' replies, their lines, addresses, invoices and products read. */
export async function orderViews(store: Store, catalog: Catalog, orders: OrderRow[]) {
  if (!orders.length) return [];
  const ids = orders.map((o) => o.id);
  const items = await store.all(
    store.qb.selectFrom("order_items").selectAll().where("order_id", "in", ids).orderBy("id"),
  );
  const addresses = await store.all(
    store.qb.selectFrom("order_addresses").selectAll().where("order_id", "in", ids),
  );
  const invoices = await store.all(
    store.qb.selectFrom("invoices").selectAll().where("order_id", "in", ids).orderBy("id"),
  );
  const products = await catalog.productRows([...new Set(items.map((i) => i.product_id))]);
  return buildOrderViews(orders, { items, addresses, invoices, products });
}

/**
 * The orders' replies from their parts as read (`orderViews`) or as just written (order placement: what its
 * statements answered, so the reply reads nothing again). Lines and invoices in id order.
 */
export function buildOrderViews(orders: OrderRow[], parts: OrderParts) {
  const { addresses } = parts;
  const items = [...parts.items].sort((a, b) => a.id - b.id);
  const invoices = [...parts.invoices].sort((a, b) => a.id - b.id);
  const products = new Map(parts.products.map((p) => [p.id, p]));
  return orders.map((o) => {
    const billing = addresses.find((a) => a.order_id === o.id && a.address_type === "billing");
    const shipping = addresses.find((a) => a.order_id === o.id && a.address_type === "shipping");
    const discountPercent = o.sub_total > 0 ? (o.discount_amount / o.sub_total) * 100 : 0;
    return {
      id: o.id,
      increment_id: o.increment_id,
      status: o.status,
      status_label: STATUS_LABELS[o.status] ?? o.status,
      channel_name: "Default",
      is_guest: o.is_guest,
      customer_email: o.customer_email,
      customer_first_name: o.customer_first_name,
      customer_last_name: o.customer_last_name,
      shipping_method: o.shipping_method,
      shipping_title: o.shipping_title,
      shipping_description: o.shipping_description,
      payment_method: o.payment_method,
      payment_title: o.payment_title,
      coupon_code: o.coupon_code,
      is_gift: 0,
      total_item_count: o.total_item_count,
      total_qty_ordered: o.total_qty_ordered,
      base_currency_code: "INR",
      channel_currency_code: "INR",
      order_currency_code: "INR",
      ...money("grand_total", o.grand_total),
      ...money("grand_total_invoiced", o.status === "canceled" ? 0 : o.grand_total),
      ...money("grand_total_refunded", 0),
      ...money("sub_total", o.sub_total),
      ...money("sub_total_invoiced", o.status === "canceled" ? 0 : o.sub_total),
      ...money("discount_amount", o.discount_amount),
      ...money("tax_amount", o.tax_amount),
      ...money("shipping_amount", o.shipping_amount),
      discount_percent: decimal(discountPercent),
      tax_percent: GST_PERCENT,
      shipping_address: shipping ? addressView(shipping) : null,
      billing_address: billing ? addressView(billing) : null,
      items: items
        .filter((i) => i.order_id === o.id)
        .map((i) => {
          const p = products.get(i.product_id);
          const image = imageSet(p?.body_type ?? "city", i.color ?? p?.default_color ?? "blue");
          const grant = i.total - i.discount_amount + i.tax_amount;
          return {
            id: i.id,
            sku: i.sku,
            type: i.type,
            name: i.name,
            product_id: i.product_id,
            product: { id: i.product_id, name: p?.name ?? i.name, url_key: p?.url_key, base_image: image },
            color: i.color,
            size: i.size,
            coupon_code: o.coupon_code,
            qty_ordered: i.qty_ordered,
            qty_canceled: o.status === "canceled" ? i.qty_ordered : 0,
            qty_invoiced: o.status === "canceled" ? 0 : i.qty_ordered,
            qty_shipped: 0,
            qty_refunded: 0,
            ...money("price", i.price),
            ...money("total", i.total),
            tax_percent: decimal(i.tax_percent),
            ...money("tax_amount", i.tax_amount),
            ...money("discount_amount", i.discount_amount),
            grant_total: grant,
            formated_grant_total: formatMoney(grant, SERVER_MONEY_FORMAT),
            base_grant_total: grant,
            formated_base_grant_total: formatMoney(grant, SERVER_MONEY_FORMAT),
            downloadable_links: [],
            additional: i.additional ? (JSON.parse(i.additional) as Record<string, unknown>) : null,
            child: null,
            children: [],
          };
        }),
      invoices: invoices
        .filter((inv) => inv.order_id === o.id)
        .map((inv) => ({
          id: inv.id,
          state: inv.state,
          email_sent: 0,
          total_qty: inv.total_qty,
          base_currency_code: "INR",
          channel_currency_code: "INR",
          order_currency_code: "INR",
          ...money("sub_total", inv.sub_total),
          ...money("grand_total", inv.grand_total),
          ...money("shipping_amount", inv.shipping_amount),
          ...money("tax_amount", inv.tax_amount),
          ...money("discount_amount", inv.discount_amount),
          transaction_id: null,
          created_at: inv.created_at,
        })),
      shipments: [],
      created_at: o.created_at,
      updated_at: o.updated_at,
    };
  });
}

/** A page of the customer's orders, newest first (`statuses`: only those), and how many there are. */
export async function customerOrders(
  store: Store,
  customerId: number,
  statuses: string[] | null,
  page: number,
  limit: number,
): Promise<{ total: number; rows: OrderRow[] }> {
  let base = store.qb.selectFrom("orders").where("customer_id", "=", customerId);
  if (statuses) base = base.where("status", "in", statuses);
  const total = (await store.first(base.select((eb) => eb.fn.countAll<number>().as("n"))))?.n ?? 0;
  const rows = (await store.all(
    base
      .selectAll()
      .orderBy("id", "desc")
      .limit(limit)
      .offset((page - 1) * limit),
  )) as OrderRow[];
  return { total, rows };
}

export async function orderById(store: Store, id: number): Promise<OrderRow | undefined> {
  return (await store.first(store.qb.selectFrom("orders").selectAll().where("id", "=", id))) as
    OrderRow | undefined;
}

/**
 * Cancels a pending order and puts its stock back, in one transaction whose stock log rows this instance
 * then knows for its own (`Catalog.touch`). The order changes state once: the guarded transition comes
 * first, and only the request whose transition changed the row puts the stock back (a concurrent cancel, on
 * any instance, changes nothing). False: the order was not pending; else the variants it brought back from
 * none in stock (for the back-in-stock mails, decision 049).
 */
export async function cancelPendingOrder(
  store: Store,
  catalog: Catalog,
  orderId: number,
): Promise<false | { productId: number; variantId: number }[]> {
  const restocked: { productId: number; variantId: number }[] = [];
  const { value: items, own } = await catalog.stockWrites(async () => {
    const canceled = await store.run(
      store.qb
        .updateTable("orders")
        .set({ status: "canceled", updated_at: nowIso() })
        .where("id", "=", orderId)
        .where("status", "=", "pending"),
    );
    if (!canceled.changes) return null;
    const items = await store.all(
      store.qb.selectFrom("order_items").selectAll().where("order_id", "=", orderId),
    );
    await catalog.lockProducts(items.map((i) => i.product_id));
    for (const i of items) {
      if (i.variant_id) {
        const after = await store.first(
          store.qb
            .updateTable("product_variants")
            .set((eb) => ({ stock: eb("stock", "+", i.qty_ordered) }))
            .where("id", "=", i.variant_id)
            .returning("stock"),
        );
        const stock = Number(after?.stock ?? 0);
        if (stock > 0 && stock - i.qty_ordered <= 0)
          restocked.push({ productId: i.product_id, variantId: i.variant_id });
      } else
        await store.run(
          store.qb
            .updateTable("products")
            .set((eb) => ({ stock: eb("stock", "+", i.qty_ordered) }))
            .where("id", "=", i.product_id),
        );
    }
    return items;
  });
  if (!items) return false;
  catalog.touch(
    items.map((i) => i.product_id),
    own,
  );
  return restocked;
}
