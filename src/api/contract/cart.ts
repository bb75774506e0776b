import { z } from "zod";
import { errorObjectSchema, moneySchema, timestampSchema } from "./common";
import { productSchema } from "./product";

export const cartItemAdditionalSchema = z.looseObject({
  product_id: z.union([z.number(), z.string()]).optional(),
  quantity: z.number().optional(),
  selected_configurable_option: z.union([z.number(), z.string()]).optional(),
  super_attribute: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
  attributes: z
    .record(
      z.string(),
      z.looseObject({ attribute_name: z.string(), option_id: z.number(), option_label: z.string() }),
    )
    .optional(),
});

const cartItemBase = z.looseObject({
  id: z.number(),
  quantity: z.number(),
  sku: z.string(),
  type: z.string(),
  name: z.string(),
  product_id: z.number().optional(),
  coupon_code: z.string().nullable().optional(),
  price: moneySchema,
  formated_price: z.string(),
  base_price: moneySchema.optional(),
  formated_base_price: z.string().optional(),
  total: moneySchema,
  formated_total: z.string(),
  base_total: moneySchema.optional(),
  formated_base_total: z.string().optional(),
  tax_percent: moneySchema.optional(),
  tax_amount: moneySchema.optional(),
  formated_tax_amount: z.string().optional(),
  discount_percent: moneySchema.optional(),
  discount_amount: moneySchema.optional(),
  formated_discount_amount: z.string().optional(),
  additional: cartItemAdditionalSchema.nullable(),
  /** colour and size of a configurable line, null for plain products */
  color: z.string().nullable().optional(),
  size: z.string().nullable().optional(),
  created_at: timestampSchema.optional(),
  updated_at: timestampSchema.optional(),
});

export const cartItemSchema = cartItemBase.extend({
  child: cartItemBase.nullable().optional(),
  product: productSchema.optional(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartAddressSchema = z.looseObject({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string().optional(),
  email: z.string(),
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
export type CartAddress = z.infer<typeof cartAddressSchema>;

export const shippingRateSchema = z.looseObject({
  id: z.number(),
  carrier: z.string(),
  carrier_title: z.string(),
  method: z.string(),
  method_title: z.string(),
  method_description: z.string(),
  price: moneySchema,
  formated_price: z.string(),
  base_price: moneySchema.optional(),
  formated_base_price: z.string().optional(),
});
export type ShippingRate = z.infer<typeof shippingRateSchema>;

export const cartPaymentSchema = z.looseObject({
  id: z.number(),
  method: z.string(),
  method_title: z.string(),
});

export const cartSchema = z.looseObject({
  id: z.number(),
  customer_email: z.string().nullable(),
  customer_first_name: z.string().nullable(),
  customer_last_name: z.string().nullable(),
  shipping_method: z.string().nullable(),
  coupon_code: z.string().nullable(),
  is_gift: z.number().optional(),
  items_count: z.number(),
  items_qty: moneySchema,
  base_currency_code: z.string().optional(),
  cart_currency_code: z.string().optional(),
  grand_total: moneySchema,
  formated_grand_total: z.string(),
  base_grand_total: moneySchema.optional(),
  formated_base_grand_total: z.string().optional(),
  sub_total: moneySchema,
  formated_sub_total: z.string(),
  base_sub_total: moneySchema.optional(),
  formated_base_sub_total: z.string().optional(),
  tax_total: moneySchema,
  formated_tax_total: z.string(),
  discount: moneySchema,
  formated_discount: z.string(),
  base_discount: moneySchema.optional(),
  formated_base_discount: z.string().optional(),
  formated_discounted_sub_total: z.string().optional(),
  is_guest: z.number(),
  is_active: z.number(),
  items: z.array(cartItemSchema),
  selected_shipping_rate: shippingRateSchema.nullable(),
  payment: cartPaymentSchema.nullable(),
  billing_address: cartAddressSchema.nullable(),
  shipping_address: cartAddressSchema.nullable(),
  taxes: z.string().optional(),
  formated_taxes: z.string().optional(),
  created_at: timestampSchema.optional(),
  updated_at: timestampSchema.optional(),
});
export type Cart = z.infer<typeof cartSchema>;

/** GET /api/checkout/cart → `{data: Cart | null}` */
export const cartReplySchema = z.looseObject({ data: cartSchema.nullable() });
export type CartReply = z.infer<typeof cartReplySchema>;

/**
 * add / update / remove-item / empty. A refused add (stock, options) is **200** with
 * `error: {message, code}` and the unchanged cart, as Bagisto; a refused update is 422 with `message`
 * and `error`. The stock message is exactly `Quantity exceeds to available stock`.
 */
export const cartMutationReplySchema = z.looseObject({
  message: z.string().optional(),
  data: cartSchema.nullable().optional(),
  error: z.union([z.string(), errorObjectSchema]).optional(),
});
export type CartMutationReply = z.infer<typeof cartMutationReplySchema>;

/**
 * The most one cart line may ask for: what the cart requests accept. Not a stock: the storefront's quantity
 * controls stop here when the product's stock is not told (a stock Bagisto), and the server refuses less.
 */
export const MAX_LINE_QUANTITY = 999;

const qty = z.coerce.number().int().min(1).max(MAX_LINE_QUANTITY);

/** POST /api/checkout/cart/add/{productId}: plain `{quantity, is_configurable: false}`; variant `{quantity, quantityCount, is_configurable: true, selected_configurable_option, super_attribute}` (Bagisto reads `quantity`) */
export const addToCartRequestSchema = z.looseObject({
  product_id: z.union([z.number(), z.string()]).optional(),
  quantity: qty.optional(),
  quantityCount: qty.optional(),
  is_configurable: z.union([z.boolean(), z.number(), z.string()]).optional(),
  selected_configurable_option: z.coerce.number().int().min(1).max(2147483647).optional(),
  super_attribute: z.record(z.string().max(10), z.coerce.number().int().min(0).max(2147483647)).optional(),
});
export type AddToCartRequest = z.infer<typeof addToCartRequestSchema>;

/** PUT /api/checkout/cart/update `{qty: {"<cartItemId>": 2}}` */
export const updateCartRequestSchema = z.object({
  qty: z.record(z.string().regex(/^\d{1,10}$/), z.coerce.number().int().max(MAX_LINE_QUANTITY)),
});
export type UpdateCartRequest = z.infer<typeof updateCartRequestSchema>;

/** POST /api/checkout/cart/coupon */
export const couponRequestSchema = z.object({ code: z.string().trim().min(1).max(50) });
export type CouponRequest = z.infer<typeof couponRequestSchema>;
/** apply: `{success, message}`; DELETE: `{success, status, message}` */
export const couponReplySchema = z.looseObject({
  success: z.boolean(),
  status: z.union([z.boolean(), z.number()]).optional(),
  message: z.string(),
});
export type CouponReply = z.infer<typeof couponReplySchema>;

export const STOCK_ERROR_MESSAGE = "Quantity exceeds to available stock";

/*
 * POST /api/checkout/cart/batch (an extension of this shop's server, not Bagisto): the outbox's replay sends
 * the cart changes waiting in a row as one request (issue 14 item 5). Each change keeps the Idempotency-Key
 * made when the shopper acted, in the body; the server claims each key in the same scope as a single write
 * with that key, so a change is applied once whether it arrives alone, in a batch, or in both. Lines are
 * named by product and variant (the server resolves its own line ids); a set or remove of a line the server
 * lacks is a no-op, as for the single writes. One transaction for the whole batch.
 */
const batchKey = z.string().regex(/^[\x21-\x7e]{1,200}$/);
const lineRef = { product_id: z.number().int().min(1).max(2147483647) };
const variantRef = z.number().int().min(1).max(2147483647).nullable();
export const cartBatchChangeSchema = z.discriminatedUnion("action", [
  z.object({
    idempotency_key: batchKey,
    action: z.literal("add"),
    ...lineRef,
    quantity: qty,
    selected_configurable_option: z.number().int().min(1).max(2147483647).optional(),
    super_attribute: z.record(z.string().max(10), z.number().int().min(0).max(2147483647)).optional(),
  }),
  z.object({
    idempotency_key: batchKey,
    action: z.literal("set"),
    ...lineRef,
    variant_id: variantRef,
    quantity: qty,
  }),
  z.object({ idempotency_key: batchKey, action: z.literal("remove"), ...lineRef, variant_id: variantRef }),
  z.object({ idempotency_key: batchKey, action: z.literal("empty") }),
]);
export type CartBatchChange = z.infer<typeof cartBatchChangeSchema>;
export const CART_BATCH_MAX = 500;
export const cartBatchRequestSchema = z.object({
  changes: z.array(cartBatchChangeSchema).min(1).max(CART_BATCH_MAX),
});
export type CartBatchRequest = z.infer<typeof cartBatchRequestSchema>;

/**
 * One result per change, in order: `applied` (made now), `replayed` (its key was already claimed: made
 * before, not again) or `refused` (with the message the single write would give, e.g. the stock message).
 * `data` is the cart after the batch, left out with `Prefer: return=minimal`.
 */
export const cartBatchReplySchema = z.looseObject({
  message: z.string().optional(),
  results: z.array(
    z.looseObject({
      idempotency_key: z.string(),
      status: z.enum(["applied", "replayed", "refused"]),
      message: z.string().optional(),
    }),
  ),
  data: cartSchema.nullable().optional(),
});
export type CartBatchReply = z.infer<typeof cartBatchReplySchema>;
