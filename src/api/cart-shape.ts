/*
 * The server cart as the storefront reads it (api/cart.ts reshapes every cart reply with these): its lines
 * with their product, variant, colour and size, its totals and its delivery.
 */
import type { Cart as WireCart, CartItem as WireCartItem } from "./contract/cart";
import { reshapeProduct, toAmount, type Product } from "./product";

/**
 * A server cart line as the storefront reads it: which product and variant it is (Bagisto tells these in
 * `additional`), its colour and size (Bagisto: `additional.attributes`), and the storefront's Product.
 */
export interface CartItem {
  /** the server's line id (update and remove name it) */
  id: number;
  productId: number;
  variantId: number | null;
  name: string;
  sku: string;
  quantity: number;
  /** unit price in the cart's currency */
  unitPrice: number;
  /** the line's total in the cart's currency */
  lineTotal: number;
  color: string | null;
  size: string | null;
  /** the chosen options as attribute id and option id (Bagisto's `super_attribute`) */
  options: { optionId: number; valueId: number }[];
  product?: Product;
}

/** The chosen delivery of a cart: who carries it, how, and its price in the cart's currency. */
export interface CartShippingRate {
  /** the rate's code as save-shipping takes it, e.g. "flatrate_flatrate" */
  code: string;
  /** the carrier's title, e.g. "Flat Rate" */
  carrier: string;
  /** the method's title */
  title: string;
  price: number;
}

/**
 * A server cart as the storefront reads it: amounts as numbers in the cart's currency (Bagisto's `sub_total`,
 * `tax_total`, `discount`, `grand_total`; its `formated_*` strings are for its own clients), the quantity of
 * items, the coupon and the chosen delivery.
 */
export interface Cart {
  id: number;
  /** how many items (the sum of the lines' quantities) */
  quantity: number;
  /** ISO code of the amounts; undefined when the server does not say (the base currency) */
  currency: string | undefined;
  couponCode: string | null;
  subtotal: number;
  discount: number;
  tax: number;
  grandTotal: number;
  shippingRate: CartShippingRate | null;
  items: CartItem[];
}

/** A zod loose object's type without its `[key: string]: unknown` (which would swallow every key in an Omit). */
export type KnownKeys<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

function optionName(item: WireCartItem, code: "color" | "size"): string | null {
  const own = item[code];
  if (own !== undefined) return own;
  const label = item.additional?.attributes?.[code]?.option_label;
  return label ? label.toLowerCase() : null;
}

export function reshapeCartItem(wire: WireCartItem): CartItem {
  const { product } = wire;
  const selected = wire.additional?.selected_configurable_option;
  return {
    id: wire.id,
    productId: Number(wire.product_id ?? wire.additional?.product_id ?? product?.id ?? 0),
    variantId: selected == null || selected === "" ? null : Number(selected),
    name: wire.name,
    sku: wire.sku,
    quantity: wire.quantity,
    unitPrice: toAmount(wire.price),
    lineTotal: toAmount(wire.total),
    color: optionName(wire, "color"),
    size: optionName(wire, "size"),
    options: Object.entries(wire.additional?.super_attribute ?? {}).map(([k, v]) => ({
      optionId: Number(k),
      valueId: Number(v),
    })),
    product: product ? reshapeProduct(product) : undefined,
  };
}

export function reshapeCart(wire: WireCart): Cart {
  const rate = wire.selected_shipping_rate;
  return {
    id: wire.id,
    quantity: toAmount(wire.items_qty),
    currency: wire.cart_currency_code,
    couponCode: wire.coupon_code,
    subtotal: toAmount(wire.sub_total),
    discount: toAmount(wire.discount),
    tax: toAmount(wire.tax_total),
    grandTotal: toAmount(wire.grand_total),
    shippingRate: rate
      ? {
          code: rate.method,
          carrier: rate.carrier_title,
          title: rate.method_title,
          price: toAmount(rate.price),
        }
      : null,
    items: wire.items.map(reshapeCartItem),
  };
}
