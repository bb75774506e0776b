import { mutationOptions } from "@tanstack/react-query";
import { ADDRESS_FIELD_NAMES, accountKeys, type Address, type AddressDraft } from "./account";
import { cartKeys, reshapeCart, type Cart, type CartShippingRate } from "./cart";
import { apiFetch, withFieldNames } from "./client";
import {
  saveAddressReplySchema,
  saveOrderReplySchema,
  savePaymentReplySchema,
  saveShippingReplySchema,
  type CheckoutAddress,
  type SaveAddressRequest,
  type PAYMENT_METHODS,
  type SavePaymentRequest,
  type SaveShippingRequest,
} from "./contract/checkout";
import type { ShippingRate as WireShippingRate } from "./contract/cart";
import { reshapeOrder, type Order } from "./order";
import { toAmount } from "./product";

/** A payment method the shop offers at checkout (Bagisto's `method` and `method_title`). */
export interface PaymentMethod {
  /** as save-payment takes it, e.g. "cashondelivery" */
  code: string;
  title: string;
}

/** A shipping rate as the cart and the checkout read it (api/cart.ts). */
export function reshapeShippingRate(wire: WireShippingRate): CartShippingRate {
  return {
    code: wire.method,
    carrier: wire.carrier_title,
    title: wire.method_title,
    price: toAmount(wire.price),
  };
}

/** A saved address as save-address takes it beside its `address_id` (Bagisto reads `address1` even then). */
export function savedAddressFields(a: Address | undefined): CheckoutAddress {
  if (!a) return {};
  return {
    ...(a.firstName ? { first_name: a.firstName } : {}),
    ...(a.lastName ? { last_name: a.lastName } : {}),
    ...(a.companyName ? { company_name: a.companyName } : {}),
    address1: a.lines,
    city: a.city,
    ...(a.state ? { state: a.state } : {}),
    postcode: a.postcode,
    country: a.country,
    phone: a.phone,
  };
}

/** The billing address as the checkout's form gives it; it is the shipping address too. */
export type CheckoutBilling =
  { saved: Address; email?: string } | { draft: AddressDraft; email: string; saveToBook: boolean };

/** The billing side of save-address, used for shipping: a saved address goes by its id with its fields. */
export function billingAddress(billing: CheckoutBilling): CheckoutAddress {
  if ("saved" in billing)
    return {
      ...savedAddressFields(billing.saved),
      address_id: billing.saved.id,
      ...(billing.email ? { email: billing.email } : {}),
      use_for_shipping: true,
    };
  const d = billing.draft;
  return {
    first_name: d.firstName,
    last_name: d.lastName,
    // Bagisto keeps it on the cart's and the order's address (`company_name` is a fillable column there).
    ...(d.companyName?.trim() ? { company_name: d.companyName.trim() } : {}),
    email: billing.email,
    address1: d.lines.filter(Boolean),
    city: d.city,
    state: d.state ?? "",
    postcode: d.postcode,
    country: d.country,
    phone: d.phone,
    save_as_address: billing.saveToBook,
    use_for_shipping: true,
  };
}

/**
 * The body of `POST checkout/save-address`. Bagisto 1.3 reads `shipping.address1` even when the billing
 * address is used for shipping (without it: 500 "Server Error"), so that case sends an empty one, as Bagisto's
 * own docs and laravel-pwa do (bagisto-compat.md §8).
 */
export function saveAddressBody(input: SaveAddressRequest): SaveAddressRequest {
  const billingShips = input.billing.use_for_shipping !== false && input.billing.use_for_shipping !== 0;
  return billingShips && !input.shipping
    ? { billing: { ...input.billing, use_for_shipping: true }, shipping: { address1: [""] } }
    : input;
}

/**
 * Step 1: the billing address, also used for shipping; the shipping rates to choose from, and the cart. A 422
 * names the billing fields as the AddressDraft does.
 */
export async function saveCheckoutAddress(input: {
  billing: CheckoutBilling;
  /**
   * The key of this address in this checkout: a guest's session gets a new id at save-address (its cookie in
   * the reply), so the same address sent again after a lost reply must be that write's exact replay, which
   * sets the new cookie again (server/lib/idempotency.ts).
   */
  idempotencyKey?: string;
}): Promise<{ rates: CartShippingRate[]; cart: Cart }> {
  let reply;
  try {
    reply = await apiFetch("checkout/save-address", {
      method: "POST",
      body: saveAddressBody({ billing: billingAddress(input.billing) }),
      schema: saveAddressReplySchema,
      idempotencyKey: input.idempotencyKey,
    });
  } catch (error) {
    throw withFieldNames(error, ADDRESS_FIELD_NAMES, "billing.");
  }
  return {
    rates: reply.data.rates.flatMap((g) => g.rates).map(reshapeShippingRate),
    cart: reshapeCart(reply.data.cart),
  };
}

/** A payment method's code as save-payment takes it. */
export type PaymentMethodCode = (typeof PAYMENT_METHODS)[number];

/** The body of `POST checkout/save-shipping`: the chosen rate's code (e.g. "flatrate_flatrate"). */
export function saveShippingBody(method: string): SaveShippingRequest {
  return { shipping_method: method };
}

/** The body of `POST checkout/save-payment`: the chosen method's code. */
export function savePaymentBody(method: PaymentMethodCode): SavePaymentRequest {
  return { payment: { method } };
}

/** Step 2: the shipping method (a rate's code); the payment methods in the shop's order, and the cart. */
export async function saveShippingMethod(method: string): Promise<{ methods: PaymentMethod[]; cart: Cart }> {
  const reply = await apiFetch("checkout/save-shipping", {
    method: "POST",
    body: saveShippingBody(method),
    schema: saveShippingReplySchema,
  });
  return {
    methods: [...reply.data.methods]
      .sort((a, b) => a.sort - b.sort)
      .map((m) => ({ code: m.method, title: m.method_title })),
    cart: reshapeCart(reply.data.cart),
  };
}

/** Step 3: the payment method (cash on delivery or money transfer); the cart. */
export async function savePaymentMethod(method: PaymentMethodCode): Promise<{ cart: Cart }> {
  const reply = await apiFetch("checkout/save-payment", {
    method: "POST",
    body: savePaymentBody(method),
    schema: savePaymentReplySchema,
  });
  return { cart: reshapeCart(reply.data.cart) };
}

/** Step 4: places the order; the idempotency key keeps a retried click from ordering twice. */
export async function placeOrder(input: { idempotencyKey: string }): Promise<{ order: Order }> {
  const reply = await apiFetch("checkout/save-order", {
    method: "POST",
    schema: saveOrderReplySchema,
    idempotencyKey: input.idempotencyKey,
  });
  return { order: reshapeOrder(reply.order) };
}

export const checkoutKeys = {
  all: ["checkout"] as const,
  saveAddress: () => [...checkoutKeys.all, "save-address"] as const,
  saveShipping: () => [...checkoutKeys.all, "save-shipping"] as const,
  savePayment: () => [...checkoutKeys.all, "save-payment"] as const,
  placeOrder: () => [...checkoutKeys.all, "place-order"] as const,
};

/** Checkout is never queued: every step needs a connection (DESIGN §4). */
const online = { meta: { personal: true }, networkMode: "always" } as const;

export const checkoutMutations = {
  saveAddress: () =>
    mutationOptions({ ...online, mutationKey: checkoutKeys.saveAddress(), mutationFn: saveCheckoutAddress }),
  saveShipping: () =>
    mutationOptions({ ...online, mutationKey: checkoutKeys.saveShipping(), mutationFn: saveShippingMethod }),
  savePayment: () =>
    mutationOptions({ ...online, mutationKey: checkoutKeys.savePayment(), mutationFn: savePaymentMethod }),
  placeOrder: () =>
    mutationOptions({
      ...online,
      mutationKey: checkoutKeys.placeOrder(),
      mutationFn: placeOrder,
      onSuccess: (reply, _v, _r, ctx) => {
        // The receipt reads the order at once (and offline later) from the reply.
        ctx.client.setQueryData(accountKeys.order(reply.order.id), reply.order);
        void ctx.client.invalidateQueries({ queryKey: accountKeys.orders() });
        return ctx.client.invalidateQueries({ queryKey: cartKeys.all });
      },
    }),
};
