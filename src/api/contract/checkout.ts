import { z } from "zod/mini";
import { trimmedText } from "./common";
import { cartSchema, shippingRateSchema } from "./cart";
import { orderSchema } from "./order";

const addressLine = /* @__PURE__ */ z.lazy(() => trimmedText(200));

export const checkoutAddressSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    address_id: z.optional(z.union([z.number(), z.string().check(z.maxLength(30))])),
    first_name: z.optional(trimmedText(100, { min: 1 })),
    last_name: z.optional(trimmedText(100, { min: 1 })),
    /** Bagisto stores it on the cart's and the order's address */
    company_name: z.optional(z.nullable(trimmedText(200))),
    email: z.optional(z.email().check(z.maxLength(254))),
    address1: z.optional(z.array(addressLine).check(z.maxLength(4))),
    city: z.optional(trimmedText(100, { min: 1 })),
    state: z.optional(trimmedText(100)),
    postcode: z.optional(trimmedText(20, { min: 1 })),
    country: z.optional(z.string().check(z.trim(), z.length(2))),
    phone: z.optional(trimmedText(40, { min: 5 })),
    use_for_shipping: z.optional(z.union([z.boolean(), z.number(), z.string()])),
    save_as_address: z.optional(z.union([z.boolean(), z.number(), z.string()])),
  }),
);
export type CheckoutAddress = z.infer<typeof checkoutAddressSchema>;

/** POST /api/checkout/save-address: each side is `address_id` or the full address; shipping only when billing.use_for_shipping is false */
export const saveAddressRequestSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    billing: checkoutAddressSchema,
    shipping: z.optional(checkoutAddressSchema),
  }),
);
export type SaveAddressRequest = z.infer<typeof saveAddressRequestSchema>;

export const saveAddressReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    data: z.looseObject({
      rates: z.array(z.looseObject({ carrier_title: z.string(), rates: z.array(shippingRateSchema) })),
      cart: cartSchema,
    }),
  }),
);
export type SaveAddressReply = z.infer<typeof saveAddressReplySchema>;

export const SHIPPING_METHODS = ["flatrate_flatrate", "free_free"] as const;
/** POST /api/checkout/save-shipping */
export const saveShippingRequestSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    shipping_method: trimmedText(50, { min: 1 }),
  }),
);
export type SaveShippingRequest = z.infer<typeof saveShippingRequestSchema>;
export const paymentMethodSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    method: z.string(),
    method_title: z.string(),
    description: z.string(),
    sort: z.number(),
  }),
);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const saveShippingReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    data: z.looseObject({ methods: z.array(paymentMethodSchema), cart: cartSchema }),
  }),
);
export type SaveShippingReply = z.infer<typeof saveShippingReplySchema>;

export const PAYMENT_METHODS = ["cashondelivery", "moneytransfer"] as const;
/** POST /api/checkout/save-payment */
export const savePaymentRequestSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    payment: z.object({ method: z.enum(PAYMENT_METHODS) }),
  }),
);
export type SavePaymentRequest = z.infer<typeof savePaymentRequestSchema>;
export const savePaymentReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({ data: z.looseObject({ cart: cartSchema }) }),
);
export type SavePaymentReply = z.infer<typeof savePaymentReplySchema>;

/** POST /api/checkout/save-order (no body) → `{success: true, order}`; a missing step is 422 `{message}` */
export const saveOrderReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({ success: z.boolean(), order: orderSchema }),
);
export type SaveOrderReply = z.infer<typeof saveOrderReplySchema>;

export const GST_PERCENT = 18;
