import { FLAT_RATE_SHIPPING, round2 } from "@/api/contract/money";

/*
 * One rule for the totals a cart shows, on the device and from the server, so that they do not change when
 * the server's answer arrives or the connection drops: what the order will cost.
 * - Shipping: the chosen rate once checkout has chosen one, else the local cart's Shipping line of 25 (SPEC §9),
 *   the flat rate, on the server's cart too (whose total leaves shipping out until a rate is chosen).
 * - Tax: the server's, when it has priced the cart; on the device, the server's rate (its tax over the net of
 *   the last cart it priced, kept on the local cart's tax line: cart-reducer.ts) on the device's subtotal,
 *   and SPEC's Tax 0 until a server has priced the cart.
 */

export interface CartTotals {
  shipping: number;
  tax: number;
  total: number;
}

/** What the cart totals need of a server cart. */
export interface PricedCart {
  subtotal: number;
  discount: number;
  tax: number;
  grandTotal: number;
  shippingRate: { price: number } | null;
}

/** The server's tax rate, in percent of the net (subtotal less discount), to 2 places; null when it cannot tell. */
export function taxPercentOf(cart: PricedCart): number | null {
  const net = cart.subtotal - cart.discount;
  return net > 0 ? round2((cart.tax / net) * 100) : null;
}

/** The server cart's totals: its own tax, its grand total with the shipping line added while none is chosen. */
export function serverCartTotals(cart: PricedCart): CartTotals {
  if (cart.shippingRate) return { shipping: cart.shippingRate.price, tax: cart.tax, total: cart.grandTotal };
  return { shipping: FLAT_RATE_SHIPPING, tax: cart.tax, total: round2(cart.grandTotal + FLAT_RATE_SHIPPING) };
}
