import { mutationOptions } from "@tanstack/react-query";
import { accountKeys } from "./account";
import { cartKeys, reshapeCart, type Cart } from "./cart";
import { apiFetch } from "./client";
import {
  saveAddressReplySchema,
  saveOrderReplySchema,
  savePaymentReplySchema,
  saveShippingReplySchema,
  type SaveAddressReply,
  type SaveAddressRequest,
  type SaveOrderReply,
  type SavePaymentReply,
  type SavePaymentRequest,
  type SaveShippingReply,
} from "./contract/checkout";

/** A checkout step's reply, with its cart reshaped as every cart is (api/cart.ts). */
type Known<T> = { [K in keyof T as string extends K ? never : K]: T[K] };
type WithCart<R extends { data: { cart: unknown } }> = {
  [K in keyof Known<R>]: K extends "data"
    ? { [J in keyof Known<R["data"]>]: J extends "cart" ? Cart : R["data"][J] }
    : R[K];
};
function withCart<R extends { data: { cart: Parameters<typeof reshapeCart>[0] } }>(reply: R): WithCart<R> {
  return { ...reply, data: { ...reply.data, cart: reshapeCart(reply.data.cart) } } as WithCart<R>;
}

/** Step 1: billing (and shipping) address; the reply lists the shipping rates. */
export async function saveCheckoutAddress(input: SaveAddressRequest): Promise<WithCart<SaveAddressReply>> {
  return withCart(
    await apiFetch("checkout/save-address", { method: "POST", body: input, schema: saveAddressReplySchema }),
  );
}

/** Step 2: the shipping method; the reply lists the payment methods. */
export async function saveShippingMethod(input: {
  shipping_method: string;
}): Promise<WithCart<SaveShippingReply>> {
  return withCart(
    await apiFetch("checkout/save-shipping", { method: "POST", body: input, schema: saveShippingReplySchema }),
  );
}

/** Step 3: the payment method (cash on delivery or money transfer). */
export async function savePaymentMethod(input: SavePaymentRequest): Promise<WithCart<SavePaymentReply>> {
  return withCart(
    await apiFetch("checkout/save-payment", { method: "POST", body: input, schema: savePaymentReplySchema }),
  );
}

/** Step 4: places the order; the idempotency key keeps a retried click from ordering twice. */
export async function placeOrder(input: { idempotencyKey: string }): Promise<SaveOrderReply> {
  return apiFetch("checkout/save-order", {
    method: "POST",
    schema: saveOrderReplySchema,
    idempotencyKey: input.idempotencyKey,
  });
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
