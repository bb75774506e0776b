import { useIsMutating, useQuery } from "@tanstack/react-query";
import { cartKeys, cartQueries } from "@/api/cart";
import { useCurrency } from "@/i18n/currency";
import { toAmount } from "@/i18n/format";
import { useLocalCart } from "../store";

export interface CartSummary {
  quantity: number;
  isEmpty: boolean;
  subtotal: string;
  /** the discount as a negative amount, or null when there is none */
  discount: string | null;
  shipping: string | null;
  tax: string;
  total: string;
  couponCode: string | null;
  /** true when the totals are the server's (it has answered and nothing is waiting to be sent) */
  fromServer: boolean;
}

/**
 * Render-ready totals: the server's amounts once it has answered for the current cart, else the local
 * cart's with the flat shipping rate and Tax 0. Every amount is formatted here, in the chosen currency and
 * language, like the cart's lines; the server's `formated_*` strings are for Bagisto's own clients.
 */
export function useCartSummary(): CartSummary {
  const cart = useLocalCart();
  const { data: server, isSuccess } = useQuery(cartQueries.detail());
  const pending = useIsMutating({ mutationKey: cartKeys.mutations() });
  const { format } = useCurrency();
  const isEmpty = cart.lines.length === 0;

  if (isSuccess && server && pending === 0 && toAmount(server.items_qty) === cart.quantity && !isEmpty) {
    const money = (amount: number | string) => format(toAmount(amount));
    const rate = server.selected_shipping_rate;
    const discount = toAmount(server.discount);
    return {
      quantity: cart.quantity,
      isEmpty,
      subtotal: money(server.sub_total),
      discount: discount > 0 ? format(-discount) : null,
      shipping: rate ? money(rate.price) : null,
      tax: money(server.tax_total),
      total: money(server.grand_total),
      couponCode: server.coupon_code,
      fromServer: true,
    };
  }
  const shipping = cart.extras.find((e) => e.kind === "shipping")?.amount ?? 0;
  const tax = cart.extras.find((e) => e.kind === "tax")?.amount ?? 0;
  return {
    quantity: cart.quantity,
    isEmpty,
    subtotal: format(cart.subtotal),
    discount: null,
    shipping: isEmpty ? null : format(shipping),
    tax: format(isEmpty ? 0 : tax),
    total: format(cart.total),
    couponCode: isSuccess && server ? server.coupon_code : null,
    fromServer: false,
  };
}
