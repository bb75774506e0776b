import { z } from "zod/mini";
import { errorObjectSchema, moneySchema, timestampSchema, trimmedText } from "./common";
import { productSchema } from "./product";

export const cartItemAdditionalSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    product_id: z.optional(z.union([z.number(), z.string()])),
    quantity: z.optional(z.number()),
    selected_configurable_option: z.optional(z.union([z.number(), z.string()])),
    super_attribute: z.optional(z.record(z.string(), z.union([z.number(), z.string()]))),
    attributes: z.optional(
      z.record(
        z.string(),
        z.looseObject({ attribute_name: z.string(), option_id: z.number(), option_label: z.string() }),
      ),
    ),
  }),
);

const cartItemObject = () =>
  z.looseObject({
    id: z.number(),
    quantity: z.number(),
    sku: z.string(),
    type: z.string(),
    name: z.string(),
    product_id: z.optional(z.number()),
    coupon_code: z.optional(z.nullable(z.string())),
    price: moneySchema,
    formated_price: z.string(),
    base_price: z.optional(moneySchema),
    formated_base_price: z.optional(z.string()),
    total: moneySchema,
    formated_total: z.string(),
    base_total: z.optional(moneySchema),
    formated_base_total: z.optional(z.string()),
    tax_percent: z.optional(moneySchema),
    tax_amount: z.optional(moneySchema),
    formated_tax_amount: z.optional(z.string()),
    discount_percent: z.optional(moneySchema),
    discount_amount: z.optional(moneySchema),
    formated_discount_amount: z.optional(z.string()),
    additional: z.nullable(cartItemAdditionalSchema),
    /** colour and size of a configurable line, null for plain products */
    color: z.optional(z.nullable(z.string())),
    size: z.optional(z.nullable(z.string())),
    created_at: z.optional(timestampSchema),
    updated_at: z.optional(timestampSchema),
  });
const cartItemBase = /* @__PURE__ */ z.lazy(cartItemObject);

export const cartItemSchema = /* @__PURE__ */ z.lazy(() =>
  z.extend(cartItemObject(), {
    child: z.optional(z.nullable(cartItemBase)),
    product: z.optional(productSchema),
  }),
);
export type CartItem = z.infer<typeof cartItemSchema>;

/** The fields Bagisto's CartAddress and OrderAddress resources share; each adds one (order.ts extends it too). */
export const addressResourceObject = () =>
  z.looseObject({
    id: z.number(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    address1: z.array(z.string()),
    country: z.string(),
    country_name: z.optional(z.string()),
    state: z.nullable(z.string()),
    city: z.string(),
    postcode: z.string(),
    phone: z.string(),
    created_at: z.optional(timestampSchema),
    updated_at: z.optional(timestampSchema),
  });

export const cartAddressSchema = /* @__PURE__ */ z.lazy(() =>
  z.extend(addressResourceObject(), { name: z.optional(z.string()) }),
);
export type CartAddress = z.infer<typeof cartAddressSchema>;

export const shippingRateSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.number(),
    carrier: z.string(),
    carrier_title: z.string(),
    method: z.string(),
    method_title: z.string(),
    method_description: z.string(),
    price: moneySchema,
    formated_price: z.string(),
    base_price: z.optional(moneySchema),
    formated_base_price: z.optional(z.string()),
  }),
);
export type ShippingRate = z.infer<typeof shippingRateSchema>;

export const cartPaymentSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.number(),
    method: z.string(),
    method_title: z.string(),
  }),
);

export const cartSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.number(),
    customer_email: z.nullable(z.string()),
    customer_first_name: z.nullable(z.string()),
    customer_last_name: z.nullable(z.string()),
    shipping_method: z.nullable(z.string()),
    coupon_code: z.nullable(z.string()),
    is_gift: z.optional(z.number()),
    items_count: z.number(),
    items_qty: moneySchema,
    base_currency_code: z.optional(z.string()),
    cart_currency_code: z.optional(z.string()),
    grand_total: moneySchema,
    formated_grand_total: z.string(),
    base_grand_total: z.optional(moneySchema),
    formated_base_grand_total: z.optional(z.string()),
    sub_total: moneySchema,
    formated_sub_total: z.string(),
    base_sub_total: z.optional(moneySchema),
    formated_base_sub_total: z.optional(z.string()),
    tax_total: moneySchema,
    formated_tax_total: z.string(),
    discount: moneySchema,
    formated_discount: z.string(),
    base_discount: z.optional(moneySchema),
    formated_base_discount: z.optional(z.string()),
    formated_discounted_sub_total: z.optional(z.string()),
    is_guest: z.number(),
    is_active: z.number(),
    items: z.array(cartItemSchema),
    selected_shipping_rate: z.nullable(shippingRateSchema),
    payment: z.nullable(cartPaymentSchema),
    billing_address: z.nullable(cartAddressSchema),
    shipping_address: z.nullable(cartAddressSchema),
    taxes: z.optional(z.string()),
    formated_taxes: z.optional(z.string()),
    created_at: z.optional(timestampSchema),
    updated_at: z.optional(timestampSchema),
  }),
);
export type Cart = z.infer<typeof cartSchema>;

/** GET /api/checkout/cart → `{data: Cart | null}` */
export const cartReplySchema = /* @__PURE__ */ z.lazy(() => z.looseObject({ data: z.nullable(cartSchema) }));
export type CartReply = z.infer<typeof cartReplySchema>;

/**
 * add / update / remove-item / empty. A refused add (stock, options) is **200** with
 * `error: {message, code}` and the unchanged cart, as Bagisto; a refused update is 422 with `message`
 * and `error`. The stock message is exactly `Quantity exceeds to available stock`.
 */
export const cartMutationReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    message: z.optional(z.string()),
    data: z.optional(z.nullable(cartSchema)),
    error: z.optional(z.union([z.string(), errorObjectSchema])),
  }),
);
export type CartMutationReply = z.infer<typeof cartMutationReplySchema>;

/**
 * The most one cart line may ask for: what the cart requests accept. Not a stock: the storefront's quantity
 * controls stop here when the product's stock is not told (a stock Bagisto), and the server refuses less.
 */
export const MAX_LINE_QUANTITY = 999;

const qty = /* @__PURE__ */ z.lazy(() =>
  z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_LINE_QUANTITY)),
);

/** POST /api/checkout/cart/add/{productId}: plain `{quantity, is_configurable: false}`; variant `{quantity, quantityCount, is_configurable: true, selected_configurable_option, super_attribute}` (Bagisto reads `quantity`) */
export const addToCartRequestSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    product_id: z.optional(z.union([z.number(), z.string()])),
    quantity: z.optional(qty),
    quantityCount: z.optional(qty),
    is_configurable: z.optional(z.union([z.boolean(), z.number(), z.string()])),
    selected_configurable_option: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(2147483647))),
    super_attribute: z.optional(
      z.record(
        z.string().check(z.maxLength(10)),
        z.coerce.number().check(z.int(), z.gte(0), z.lte(2147483647)),
      ),
    ),
  }),
);
export type AddToCartRequest = z.infer<typeof addToCartRequestSchema>;

/** PUT /api/checkout/cart/update `{qty: {"<cartItemId>": 2}}` */
export const updateCartRequestSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    qty: z.record(
      z.string().check(z.regex(/^\d{1,10}$/)),
      z.coerce.number().check(z.int(), z.lte(MAX_LINE_QUANTITY)),
    ),
  }),
);
export type UpdateCartRequest = z.infer<typeof updateCartRequestSchema>;

/** POST /api/checkout/cart/coupon */
export const couponRequestSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    code: trimmedText(50, { min: 1 }),
  }),
);
export type CouponRequest = z.infer<typeof couponRequestSchema>;
/** POST /api/checkout/cart/coupon: `{success, message}` (this shop's server also sends `status` on DELETE) */
export const couponReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    success: z.boolean(),
    status: z.optional(z.union([z.boolean(), z.number()])),
    message: z.string(),
  }),
);
export type CouponReply = z.infer<typeof couponReplySchema>;

/**
 * DELETE /api/checkout/cart/coupon: SPEC §7 gives `{status, message}`, Bagisto 1.3 sends `{success, message}`;
 * either is read (this shop's server sends both).
 */
export const couponRemoveReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    success: z.optional(z.boolean()),
    status: z.optional(z.union([z.boolean(), z.number()])),
    message: z.optional(z.string()),
  }),
);
export type CouponRemoveReply = z.infer<typeof couponRemoveReplySchema>;

export const STOCK_ERROR_MESSAGE = "Quantity exceeds to available stock";

/*
 * POST /api/checkout/cart/batch (an extension of this shop's server, not Bagisto): the outbox's replay sends
 * the cart changes waiting in a row as one request (issue 14 item 5). Each change keeps the Idempotency-Key
 * made when the shopper acted, in the body; the server claims each key in the same scope as a single write
 * with that key, so a change is applied once whether it arrives alone, in a batch, or in both. Lines are
 * named by product and variant (the server resolves its own line ids); a set or remove of a line the server
 * lacks is a no-op, as for the single writes. One transaction for the whole batch.
 */
const batchKey = /* @__PURE__ */ z.lazy(() => z.string().check(z.regex(/^[\x21-\x7e]{1,200}$/)));
const lineProductId = /* @__PURE__ */ z.lazy(() => z.number().check(z.int(), z.gte(1), z.lte(2147483647)));
const variantRef = /* @__PURE__ */ z.lazy(() =>
  z.nullable(z.number().check(z.int(), z.gte(1), z.lte(2147483647))),
);
export const cartBatchChangeSchema = /* @__PURE__ */ z.lazy(() =>
  z.discriminatedUnion("action", [
    z.object({
      idempotency_key: batchKey,
      action: z.literal("add"),
      product_id: lineProductId,
      quantity: qty,
      selected_configurable_option: z.optional(z.number().check(z.int(), z.gte(1), z.lte(2147483647))),
      super_attribute: z.optional(
        z.record(z.string().check(z.maxLength(10)), z.number().check(z.int(), z.gte(0), z.lte(2147483647))),
      ),
    }),
    z.object({
      idempotency_key: batchKey,
      action: z.literal("set"),
      product_id: lineProductId,
      variant_id: variantRef,
      quantity: qty,
    }),
    z.object({
      idempotency_key: batchKey,
      action: z.literal("remove"),
      product_id: lineProductId,
      variant_id: variantRef,
    }),
    z.object({ idempotency_key: batchKey, action: z.literal("empty") }),
  ]),
);
export type CartBatchChange = z.infer<typeof cartBatchChangeSchema>;
export const CART_BATCH_MAX = 500;
export const cartBatchRequestSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    changes: z.array(cartBatchChangeSchema).check(z.minLength(1), z.maxLength(CART_BATCH_MAX)),
  }),
);
export type CartBatchRequest = z.infer<typeof cartBatchRequestSchema>;

/**
 * One result per change, in order: `applied` (made now), `replayed` (its key was already claimed: made
 * before, not again) or `refused` (with the message the single write would give, e.g. the stock message).
 * `data` is the cart after the batch, left out with `Prefer: return=minimal`.
 */
export const cartBatchReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    message: z.optional(z.string()),
    results: z.array(
      z.looseObject({
        idempotency_key: z.string(),
        status: z.enum(["applied", "replayed", "refused"]),
        message: z.optional(z.string()),
      }),
    ),
    data: z.optional(z.nullable(cartSchema)),
  }),
);
export type CartBatchReply = z.infer<typeof cartBatchReplySchema>;
