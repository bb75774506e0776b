import { z } from "zod";
import { dataSchema, imageSchema, moneySchema, paginatedSchema, timestampSchema } from "./common";

export const orderAddressSchema = z.looseObject({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** stored by Bagisto but not in its OrderAddress resource: our server sends it, a stock Bagisto does not */
  company_name: z.string().nullable().optional(),
  address1: z.array(z.string()),
  country: z.string(),
  country_name: z.string().optional(),
  state: z.string().nullable(),
  city: z.string(),
  postcode: z.string(),
  phone: z.string(),
  created_at: timestampSchema.optional(),
  updated_at: timestampSchema.optional(),
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;

export const orderItemProductSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  url_key: z.string().optional(),
  base_image: imageSchema,
});

export const orderItemSchema = z.looseObject({
  id: z.number(),
  sku: z.string(),
  type: z.string(),
  name: z.string(),
  product_id: z.number().optional(),
  product: orderItemProductSchema.optional(),
  color: z.string().nullable().optional(),
  size: z.string().nullable().optional(),
  qty_ordered: z.number(),
  qty_canceled: z.number().optional(),
  qty_invoiced: z.number().optional(),
  qty_shipped: z.number().optional(),
  qty_refunded: z.number().optional(),
  price: moneySchema,
  formated_price: z.string(),
  total: moneySchema,
  formated_total: z.string(),
  tax_percent: moneySchema.optional(),
  tax_amount: moneySchema.optional(),
  formated_tax_amount: z.string().optional(),
  discount_amount: moneySchema.optional(),
  formated_discount_amount: z.string().optional(),
  grant_total: moneySchema.optional(),
  formated_grant_total: z.string().optional(),
  additional: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const invoiceSchema = z.looseObject({
  id: z.number(),
  state: z.string(),
  total_qty: z.number(),
  sub_total: moneySchema,
  formated_sub_total: z.string(),
  grand_total: moneySchema,
  formated_grand_total: z.string(),
  shipping_amount: moneySchema.optional(),
  formated_shipping_amount: z.string().optional(),
  tax_amount: moneySchema.optional(),
  formated_tax_amount: z.string().optional(),
  discount_amount: moneySchema.optional(),
  formated_discount_amount: z.string().optional(),
  created_at: z.string(),
});
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

export const orderSchema = z.looseObject({
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
  payment_method: z.string().optional(),
  payment_title: z.string(),
  coupon_code: z.string().nullable(),
  total_item_count: z.number(),
  total_qty_ordered: z.number(),
  base_currency_code: z.string(),
  order_currency_code: z.string(),
  sub_total: moneySchema,
  formated_sub_total: z.string(),
  discount_amount: moneySchema,
  formated_discount_amount: z.string(),
  discount_percent: moneySchema.optional(),
  tax_amount: moneySchema,
  formated_tax_amount: z.string(),
  tax_percent: z.number().optional(),
  shipping_amount: moneySchema,
  formated_shipping_amount: z.string(),
  grand_total: moneySchema,
  formated_grand_total: z.string(),
  base_grand_total: moneySchema.optional(),
  formated_base_grand_total: z.string().optional(),
  shipping_address: orderAddressSchema.nullable(),
  billing_address: orderAddressSchema,
  items: z.array(orderItemSchema),
  invoices: z.array(invoiceSchema),
  shipments: z.array(z.unknown()).optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

/** GET /api/orders?limit=10&page=n (token) */
export const orderListReplySchema = paginatedSchema(orderSchema);
export type OrderListReply = z.infer<typeof orderListReplySchema>;
/** GET /api/orders/{id}: the customer's order (token), or a guest's own order (same session cookie) */
export const orderReplySchema = dataSchema(orderSchema);
export type OrderReply = z.infer<typeof orderReplySchema>;

export const orderCancelReplySchema = z.looseObject({ status: z.boolean(), message: z.string() });
