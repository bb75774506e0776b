import { useIsMutating, useQuery } from "@tanstack/react-query";
import { useApiState } from "@/api/api-state";
import { cartKeys, cartQueries } from "@/api/cart";
import { useCurrency } from "@/i18n/currency";
import { useLocalCart } from "../store";
import { serverCartTotals } from "../utils/cart-totals";

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
 * Render-ready totals, by one rule on the device and from the server (utils/cart-totals.ts): the server's
 * amounts once it has answered for the current cart, with the Shipping line while checkout has chosen no
 * rate; else the local cart's, with the Shipping line and the server's tax rate (Tax 0 until a server has
 * priced a cart). Every amount is formatted here, in the chosen currency and language, like the cart's lines
 * (api/cart.ts reads the server's amounts as numbers).
 */
export function useCartSummary(): CartSummary {
  const cart = useLocalCart();
  const api = useApiState();
  const { data: server, isSuccess } = useQuery(cartQueries.detail(api));
  const pending = useIsMutating({ mutationKey: cartKeys.mutations() });
  const { format } = useCurrency();
  const isEmpty = cart.lines.length === 0;

  if (isSuccess && server && pending === 0 && server.quantity === cart.quantity && !isEmpty) {
    const totals = serverCartTotals(server);
    return {
      quantity: cart.quantity,
      isEmpty,
      subtotal: format(server.subtotal),
      discount: server.discount > 0 ? format(-server.discount) : null,
      shipping: format(totals.shipping),
      tax: format(totals.tax),
      total: format(totals.total),
      couponCode: server.couponCode,
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
    couponCode: isSuccess && server ? server.couponCode : null,
    fromServer: false,
  };
}
