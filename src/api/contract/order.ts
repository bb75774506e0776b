import { z } from "zod/mini";
import { addressResourceObject } from "./cart";
import { dataSchema, imageSchema, moneySchema, paginatedSchema } from "./common";

export const orderAddressSchema = /* @__PURE__ */ z.lazy(() =>
  z.extend(addressResourceObject(), {
    /** stored by Bagisto but not in its OrderAddress resource: our server sends it, a stock Bagisto does not */
    company_name: z.optional(z.nullable(z.string())),
  }),
);
export type OrderAddress = z.infer<typeof orderAddressSchema>;

export const orderItemProductSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.number(),
    name: z.string(),
    url_key: z.optional(z.string()),
    base_image: imageSchema,
  }),
);

export const orderItemSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.number(),
    sku: z.string(),
    type: z.string(),
    name: z.string(),
    product_id: z.optional(z.number()),
    product: z.optional(orderItemProductSchema),
    color: z.optional(z.nullable(z.string())),
    size: z.optional(z.nullable(z.string())),
    qty_ordered: z.number(),
    qty_canceled: z.optional(z.number()),
    qty_invoiced: z.optional(z.number()),
    qty_shipped: z.optional(z.number()),
    qty_refunded: z.optional(z.number()),
    price: moneySchema,
    formated_price: z.string(),
    total: moneySchema,
    formated_total: z.string(),
    tax_percent: z.optional(moneySchema),
    tax_amount: z.optional(moneySchema),
    formated_tax_amount: z.optional(z.string()),
    discount_amount: z.optional(moneySchema),
    formated_discount_amount: z.optional(z.string()),
    grant_total: z.optional(moneySchema),
    formated_grant_total: z.optional(z.string()),
    additional: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  }),
);
export type OrderItem = z.infer<typeof orderItemSchema>;

export const invoiceSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.number(),
    state: z.string(),
    total_qty: z.number(),
    sub_total: moneySchema,
    formated_sub_total: z.string(),
    grand_total: moneySchema,
    formated_grand_total: z.string(),
    shipping_amount: z.optional(moneySchema),
    formated_shipping_amount: z.optional(z.string()),
    tax_amount: z.optional(moneySchema),
    formated_tax_amount: z.optional(z.string()),
    discount_amount: z.optional(moneySchema),
    formated_discount_amount: z.optional(z.string()),
    created_at: z.string(),
  }),
);
export type Invoice = z.infer<typeof invoiceSchema>;

export const ORDER_STATUSES = [
  "pending",
  "pending_payment",
  "processing",
  "completed",
  "canceled",
  "closed",
  "fraud",
] as const;

export const orderSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.number(),
    increment_id: z.string(),
    status: z.string(),
    status_label: z.string(),
    is_guest: z.number(),
    customer_email: z.string(),
    customer_first_name: z.string(),
    customer_last_name: z.string(),
    shipping_method: z.string(),
    shipping_title: z.string(),
    shipping_description: z.string(),
    payment_method: z.optional(z.string()),
    payment_title: z.string(),
    coupon_code: z.nullable(z.string()),
    total_item_count: z.number(),
    total_qty_ordered: z.number(),
    base_currency_code: z.string(),
    order_currency_code: z.string(),
    sub_total: moneySchema,
    formated_sub_total: z.string(),
    discount_amount: moneySchema,
    formated_discount_amount: z.string(),
    discount_percent: z.optional(moneySchema),
    tax_amount: moneySchema,
    formated_tax_amount: z.string(),
    tax_percent: z.optional(z.number()),
    shipping_amount: moneySchema,
    formated_shipping_amount: z.string(),
    grand_total: moneySchema,
    formated_grand_total: z.string(),
    base_grand_total: z.optional(moneySchema),
    formated_base_grand_total: z.optional(z.string()),
    shipping_address: z.nullable(orderAddressSchema),
    billing_address: orderAddressSchema,
    items: z.array(orderItemSchema),
    invoices: z.array(invoiceSchema),
    shipments: z.optional(z.array(z.unknown())),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type Order = z.infer<typeof orderSchema>;

/** GET /api/orders?limit=10&page=n (token) */
export const orderListReplySchema = /* @__PURE__ */ z.lazy(() => paginatedSchema(orderSchema));
export type OrderListReply = z.infer<typeof orderListReplySchema>;
/** GET /api/orders/{id}: the customer's order (token), or a guest's own order (same session cookie) */
export const orderReplySchema = /* @__PURE__ */ z.lazy(() => dataSchema(orderSchema));
export type OrderReply = z.infer<typeof orderReplySchema>;

export const orderCancelReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({ status: z.boolean(), message: z.string() }),
);
