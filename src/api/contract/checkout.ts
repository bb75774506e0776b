import { z } from "zod";
import { cartSchema, shippingRateSchema } from "./cart";
import { orderSchema } from "./order";

const addressLine = z.string().trim().max(200);

export const checkoutAddressSchema = z.object({
  address_id: z.union([z.number(), z.string().max(30)]).optional(),
  first_name: z.string().trim().min(1).max(100).optional(),
  last_name: z.string().trim().min(1).max(100).optional(),
  /** Bagisto stores it on the cart's and the order's address */
  company_name: z.string().trim().max(200).nullable().optional(),
  email: z.email().max(254).optional(),
  address1: z.array(addressLine).max(4).optional(),
  city: z.string().trim().min(1).max(100).optional(),
  state: z.string().trim().max(100).optional(),
  postcode: z.string().trim().min(1).max(20).optional(),
  country: z.string().trim().length(2).optional(),
  phone: z.string().trim().min(5).max(40).optional(),
  use_for_shipping: z.union([z.boolean(), z.number(), z.string()]).optional(),
  save_as_address: z.union([z.boolean(), z.number(), z.string()]).optional(),
});
export type CheckoutAddress = z.infer<typeof checkoutAddressSchema>;

/** POST /api/checkout/save-address: each side is `address_id` or the full address; shipping only when billing.use_for_shipping is false */
export const saveAddressRequestSchema = z.object({
  billing: checkoutAddressSchema,
  shipping: checkoutAddressSchema.optional(),
});
export type SaveAddressRequest = z.infer<typeof saveAddressRequestSchema>;

export const saveAddressReplySchema = z.looseObject({
  data: z.looseObject({
    rates: z.array(z.looseObject({ carrier_title: z.string(), rates: z.array(shippingRateSchema) })),
    cart: cartSchema,
  }),
});
export type SaveAddressReply = z.infer<typeof saveAddressReplySchema>;

export const SHIPPING_METHODS = ["flatrate_flatrate", "free_free"] as const;
/** POST /api/checkout/save-shipping */
export const saveShippingRequestSchema = z.object({ shipping_method: z.string().trim().min(1).max(50) });
export type SaveShippingRequest = z.infer<typeof saveShippingRequestSchema>;
export const paymentMethodSchema = z.looseObject({
  method: z.string(),
  method_title: z.string(),
  description: z.string(),
  sort: z.number(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const saveShippingReplySchema = z.looseObject({
  data: z.looseObject({ methods: z.array(paymentMethodSchema), cart: cartSchema }),
});
export type SaveShippingReply = z.infer<typeof saveShippingReplySchema>;

export const PAYMENT_METHODS = ["cashondelivery", "moneytransfer"] as const;
/** POST /api/checkout/save-payment */
export const savePaymentRequestSchema = z.object({
  payment: z.object({ method: z.enum(PAYMENT_METHODS) }),
});
export type SavePaymentRequest = z.infer<typeof savePaymentRequestSchema>;
export const savePaymentReplySchema = z.looseObject({ data: z.looseObject({ cart: cartSchema }) });
export type SavePaymentReply = z.infer<typeof savePaymentReplySchema>;

/** POST /api/checkout/save-order (no body) → `{success: true, order}`; a missing step is 422 `{message}` */
export const saveOrderReplySchema = z.looseObject({ success: z.boolean(), order: orderSchema });
export type SaveOrderReply = z.infer<typeof saveOrderReplySchema>;

export const GST_PERCENT = 18;
