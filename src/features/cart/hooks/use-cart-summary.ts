import { useIsMutating, useQuery } from "@tanstack/react-query";
import { cartKeys, cartQueries } from "@/api/cart";
import { useCurrency } from "@/i18n/currency";
import { toAmount } from "@/i18n/format";
import { useLocalCart } from "../store";

export interface CartSummary {
  quantity: number;
  isEmpty: boolean;
  subtotal: string;
  discount: string | null;
  shipping: string | null;
  tax: string;
  total: string;
  couponCode: string | null;
  /** true when the totals are the server's (it has answered and nothing is waiting to be sent) */
  fromServer: boolean;
}

/**
 * Render-ready totals: the server's `formated_*` fields once it has answered for the current cart
 * (converted when another display currency is chosen), else the local cart's with Shipping 25 and Tax 0.
 */
export function useCartSummary(): CartSummary {
  const cart = useLocalCart();
  const { data: server, isSuccess } = useQuery(cartQueries.detail());
  const pending = useIsMutating({ mutationKey: cartKeys.mutations() });
  const { code, format } = useCurrency();
  const isEmpty = cart.lines.length === 0;

  if (isSuccess && server && pending === 0 && toAmount(server.items_qty) === cart.quantity && !isEmpty) {
    const sameCurrency = code === (server.cart_currency_code ?? server.base_currency_code ?? "INR");
    const money = (formatted: string, amount: number | string) =>
      sameCurrency ? formatted : format(toAmount(amount));
    const rate = server.selected_shipping_rate;
    return {
      quantity: cart.quantity,
      isEmpty,
      subtotal: money(server.formated_sub_total, server.sub_total),
      discount: toAmount(server.discount) > 0 ? money(server.formated_discount, server.discount) : null,
      shipping: rate ? money(rate.formated_price, rate.price) : null,
      tax: money(server.formated_tax_total, server.tax_total),
      total: money(server.formated_grand_total, server.grand_total),
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
