import { z } from "zod/mini";
import {
  orderSchema,
  type Order as WireOrder,
  type OrderAddress as WireOrderAddress,
} from "./contract/order";
import { toAmount } from "./product";

/** An ordered line as the receipt shows it. */
export interface OrderLine {
  id: number;
  name: string;
  quantity: number;
  /** the line's total in the order's currency */
  lineTotal: number;
  /** the product's small image, when the server sends the product */
  image: string | null;
}

/** An order's address as the receipt shows it. */
export interface OrderAddress {
  name: string;
  /** "" when none (a stock Bagisto stores it but does not send it) */
  companyName: string;
  /** the street lines */
  lines: string[];
  postcode: string;
  city: string;
  /** "" when none */
  state: string;
  countryName: string;
  phone: string;
}

export function reshapeOrderAddress(wire: WireOrderAddress): OrderAddress {
  return {
    name: [wire.first_name, wire.last_name].filter(Boolean).join(" "),
    companyName: wire.company_name ?? "",
    lines: wire.address1.filter((l) => l.length > 0),
    postcode: wire.postcode,
    city: wire.city,
    state: wire.state ?? "",
    countryName: wire.country_name ?? wire.country,
    phone: wire.phone,
  };
}

/**
 * An order as the storefront reads it (Bagisto's Resources/Sales/Order.php reshaped once): the number the
 * shopper knows (`increment_id`), amounts as numbers in the order's currency, its lines and invoices.
 */
export interface Order {
  id: number;
  /** the order number shown to the shopper (Bagisto's `increment_id`, else the id) */
  number: string;
  statusLabel: string;
  createdAt: string;
  currency: string;
  subtotal: number;
  discount: number;
  tax: number;
  shippingDescription: string;
  grandTotal: number;
  lines: OrderLine[];
  invoices: { id: number; createdAt: string }[];
  /** the billing address (the checkout's, also used for shipping); null in a receipt stored before it was kept */
  billingAddress: OrderAddress | null;
}

export function reshapeOrder(wire: WireOrder): Order {
  return {
    id: wire.id,
    number: wire.increment_id || String(wire.id),
    statusLabel: wire.status_label,
    createdAt: wire.created_at,
    currency: wire.order_currency_code,
    subtotal: toAmount(wire.sub_total),
    discount: toAmount(wire.discount_amount),
    tax: toAmount(wire.tax_amount),
    shippingDescription: wire.shipping_description,
    grandTotal: toAmount(wire.grand_total),
    lines: wire.items.map((item) => ({
      id: item.id,
      name: item.product?.name ?? item.name,
      quantity: item.qty_ordered,
      lineTotal: toAmount(item.total),
      image: item.product?.base_image.small_image_url ?? null,
    })),
    invoices: wire.invoices.map((inv) => ({ id: inv.id, createdAt: inv.created_at })),
    billingAddress: reshapeOrderAddress(wire.billing_address),
  };
}

/**
 * An order kept on the device (the last receipt), checked when read back: a copy an older version stored in
 * the API's shape is reshaped; anything else is dropped.
 */
export const storedOrderSchema = z.lazy(() =>
  z.union([
    z.pipe(
      z.custom<Order>(
        (v) =>
          typeof v === "object" &&
          v !== null &&
          typeof (v as Order).id === "number" &&
          typeof (v as Order).number === "string" &&
          typeof (v as Order).grandTotal === "number" &&
          Array.isArray((v as Order).lines) &&
          Array.isArray((v as Order).invoices),
      ),
      z.transform((order) => ({ ...order, billingAddress: order.billingAddress ?? null })),
    ),
    z.pipe(
      orderSchema,
      z.transform((wire) => reshapeOrder(wire)),
    ),
  ]),
);
