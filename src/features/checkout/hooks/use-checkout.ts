import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { ApiError, newIdempotencyKey } from "@/api/client";
import {
  checkoutMutations,
  type CheckoutBilling,
  type PaymentMethod,
  type PaymentMethodCode,
} from "@/api/checkout";
import type { Cart, CartShippingRate } from "@/api/cart";
import type { Order } from "@/api/order";

export type CheckoutStep = 0 | 1 | 2 | 3;

/**
 * The four Bagisto checkout steps (address → shipping → payment → place order) as one flow.
 * Each step needs a connection; nothing here is queued.
 */
export function useCheckout(onPlaced: (order: Order) => void) {
  const { t } = useLingui();
  const [step, setStep] = useState<CheckoutStep>(0);
  const [rates, setRates] = useState<CartShippingRate[]>([]);
  const [methods, setMethods] = useState<PaymentMethod[]>([]);
  const [cart, setCart] = useState<Cart | null>(null);
  const [error, setError] = useState<string | null>(null);
  // One key per checkout attempt: a repeated click or a retry cannot place two orders.
  const [orderKey] = useState(newIdempotencyKey);
  // One key per address sent in this checkout: the same address again (after a lost reply) is the same write.
  const [addressKeys] = useState(() => new Map<string, string>());
  const addressKey = (billing: CheckoutBilling) => {
    const id = JSON.stringify(billing);
    const key = addressKeys.get(id) ?? newIdempotencyKey();
    addressKeys.set(id, key);
    return key;
  };
  const saveAddress = useMutation(checkoutMutations.saveAddress());
  const saveShipping = useMutation(checkoutMutations.saveShipping());
  const savePayment = useMutation(checkoutMutations.savePayment());
  const placeOrder = useMutation(checkoutMutations.placeOrder());

  const fail = (e: unknown) =>
    setError(
      e instanceof ApiError && !e.isNetwork
        ? e.message
        : t`The shop could not be reached. Please check your connection and try again.`,
    );

  /** The billing address, also the shipping one; `onFieldErrors` gets a refusal's field errors (by our names). */
  function submitAddress(
    billing: CheckoutBilling,
    onFieldErrors?: (errors: Record<string, string[]>) => void,
  ) {
    setError(null);
    saveAddress.mutate(
      { billing, idempotencyKey: addressKey(billing) },
      {
        onSuccess: (reply) => {
          setRates(reply.rates);
          setCart(reply.cart);
          setStep(1);
        },
        onError: (e) => {
          if (e instanceof ApiError && Object.keys(e.fieldErrors).length) onFieldErrors?.(e.fieldErrors);
          fail(e);
        },
      },
    );
  }

  function submitShipping(method: string) {
    setError(null);
    saveShipping.mutate(method, {
      onSuccess: (reply) => {
        setMethods(reply.methods);
        setCart(reply.cart);
        setStep(2);
      },
      onError: fail,
    });
  }

  function submitPayment(method: PaymentMethodCode) {
    setError(null);
    savePayment.mutate(method, {
      onSuccess: (reply) => {
        setCart(reply.cart);
        setStep(3);
      },
      onError: fail,
    });
  }

  function submitOrder() {
    setError(null);
    placeOrder.mutate(
      { idempotencyKey: orderKey },
      { onSuccess: (reply) => onPlaced(reply.order), onError: fail },
    );
  }

  return {
    step,
    setStep: (s: CheckoutStep) => s < step && setStep(s),
    rates,
    methods,
    cart,
    error,
    isBusy: saveAddress.isPending || saveShipping.isPending || savePayment.isPending || placeOrder.isPending,
    submitAddress,
    submitShipping,
    submitPayment,
    submitOrder,
  };
}

/** The checkout flow's state and steps, as the form uses them. */
export type Checkout = ReturnType<typeof useCheckout>;
