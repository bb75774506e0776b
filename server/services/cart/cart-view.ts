import { COLOR_ATTRIBUTE_ID, SIZE_ATTRIBUTE_ID } from "../../../src/api/contract/product";
import { GST_PERCENT } from "../../../src/api/contract/checkout";
import { decimal, formatMoney, round2, SERVER_MONEY_FORMAT } from "../../../src/api/contract/money";
import { nowIso } from "../../lib/http";
import { COLORS, SIZES } from "../../reference/attributes";
import {
  addressView,
  PAYMENT_METHODS,
  type CartAddressRow,
  type CartRow,
  type LineInfo,
  type ShippingRate,
  type Totals,
} from "./cart-types";

/** The cart's reply (Bagisto's Cart resource) written from what `Carts.viewJson` read. */

/** A shipping rate as a reply names it. */
export function rateView(r: ShippingRate) {
  const now = nowIso();
  return {
    ...r,
    price: decimal(r.price),
    formated_price: formatMoney(r.price, SERVER_MONEY_FORMAT),
    base_price: decimal(r.price),
    formated_base_price: formatMoney(r.price, SERVER_MONEY_FORMAT),
    created_at: now,
    updated_at: now,
  };
}

/**
 * A cart's reply in parts: its fields before `items` and after them, and each line's reply without its
 * product and that product's stored view (JSON bytes, `Catalog.viewsBytes`), so the reply can be
 * written with the views spliced in as they are (`cartJson`) instead of parsed and serialised again.
 */
function cartParts(
  cart: CartRow,
  t: Totals,
  productViews: Map<number, Buffer>,
  { billing, shipping }: { billing: CartAddressRow | null; shipping: CartAddressRow | null },
): {
  head: Record<string, unknown>;
  items: { line: Record<string, unknown>; product: Buffer | undefined }[];
  tail: Record<string, unknown>;
} {
  const money = (name: string, v: number) => ({
    [name]: decimal(v),
    [`formated_${name}`]: formatMoney(v, SERVER_MONEY_FORMAT),
    [`base_${name}`]: decimal(v),
    [`formated_base_${name}`]: formatMoney(v, SERVER_MONEY_FORMAT),
  });
  const method = PAYMENT_METHODS.find((m) => m.method === cart.payment_method);
  return {
    head: {
      id: cart.id,
      customer_email: cart.customer_email,
      customer_first_name: cart.customer_first_name,
      customer_last_name: cart.customer_last_name,
      shipping_method: cart.shipping_method,
      coupon_code: t.coupon ? t.coupon.code : null,
      is_gift: 0,
      items_count: t.lines.length,
      items_qty: decimal(t.qty),
      exchange_rate: null,
      global_currency_code: "INR",
      base_currency_code: "INR",
      channel_currency_code: "INR",
      cart_currency_code: "INR",
      ...money("grand_total", t.grandTotal),
      ...money("sub_total", t.subTotal),
      ...money("tax_total", t.tax),
      ...money("discount", t.discount),
      formated_discounted_sub_total: formatMoney(t.subTotal - t.discount, SERVER_MONEY_FORMAT),
      formated_base_discounted_sub_total: formatMoney(t.subTotal - t.discount, SERVER_MONEY_FORMAT),
      checkout_method: null,
      is_guest: cart.customer_id ? 0 : 1,
      is_active: cart.is_active,
      conversion_time: null,
    },
    items: t.lines.map((l) => ({ line: itemView(l, t), product: productViews.get(l.product.id) })),
    tail: {
      selected_shipping_rate: t.selectedRate ? rateView(t.selectedRate) : null,
      payment: method
        ? {
            id: cart.id,
            method: method.method,
            method_title: method.method_title,
            created_at: cart.updated_at,
            updated_at: cart.updated_at,
          }
        : null,
      billing_address: billing ? addressView(billing) : null,
      shipping_address: shipping ? addressView(shipping) : null,
      taxes: JSON.stringify(t.lines.length ? { [String(GST_PERCENT)]: t.tax } : {}),
      formated_taxes: JSON.stringify(
        t.lines.length ? { [String(GST_PERCENT)]: formatMoney(t.tax, SERVER_MONEY_FORMAT) } : {},
      ),
      base_taxes: JSON.stringify(t.lines.length ? { [String(GST_PERCENT)]: t.tax } : {}),
      formated_base_taxes: JSON.stringify(
        t.lines.length ? { [String(GST_PERCENT)]: formatMoney(t.tax, SERVER_MONEY_FORMAT) } : {},
      ),
      created_at: cart.created_at,
      updated_at: cart.updated_at,
    },
  };
}

/**
 * The cart's reply as JSON bytes ("null" without a cart), the one builder of every reply that holds a
 * cart: each line's product view is spliced in as stored, neither parsed nor serialised again (most of a
 * cart read's CPU when it was), giving the text `JSON.stringify` writes for the parsed reply.
 */
export function cartJson(
  cart: CartRow,
  t: Totals,
  productViews: Map<number, Buffer>,
  addresses: { billing: CartAddressRow | null; shipping: CartAddressRow | null },
): Buffer {
  const { head, items, tail } = cartParts(cart, t, productViews, addresses);
  const chunks: Buffer[] = [];
  let text = `${JSON.stringify(head).slice(0, -1)},"items":[`;
  items.forEach(({ line, product }, i) => {
    if (i) text += ",";
    const json = JSON.stringify(line);
    if (!product) {
      text += json;
      return;
    }
    // The product is the line's last field.
    chunks.push(Buffer.from(`${text}${json.slice(0, -1)},"product":`), product);
    text = "}";
  });
  chunks.push(Buffer.from(`${text}],${JSON.stringify(tail).slice(1)}`));
  return Buffer.concat(chunks);
}

/** A line's reply, all but its product (the line's last field, see `viewJson`). */
function itemView(l: LineInfo, t: Totals) {
  const share = t.subTotal > 0 ? l.total / t.subTotal : 0;
  const discount = round2(t.discount * share);
  const tax = round2(((l.total - discount) * GST_PERCENT) / 100);
  const color = l.variant ? COLORS.find((c) => c.id === l.variant!.color_option_id) : undefined;
  const size = l.variant ? SIZES.find((s) => s.id === l.variant!.size_option_id) : undefined;
  const m = (name: string, v: number) => ({
    [name]: decimal(v),
    [`formated_${name}`]: formatMoney(v, SERVER_MONEY_FORMAT),
    [`base_${name}`]: decimal(v),
    [`formated_base_${name}`]: formatMoney(v, SERVER_MONEY_FORMAT),
  });
  const additional = {
    product_id: l.product.id,
    quantity: l.item.quantity,
    ...(l.variant
      ? {
          selected_configurable_option: l.variant.id,
          super_attribute: {
            [COLOR_ATTRIBUTE_ID]: l.variant.color_option_id,
            [SIZE_ATTRIBUTE_ID]: l.variant.size_option_id,
          },
          attributes: {
            color: {
              attribute_name: "Color",
              option_id: l.variant.color_option_id,
              option_label: color?.label ?? l.variant.color,
            },
            size: {
              attribute_name: "Size",
              option_id: l.variant.size_option_id,
              option_label: size?.label ?? l.variant.size,
            },
          },
        }
      : {}),
  };
  const base = {
    id: l.item.id,
    quantity: l.item.quantity,
    sku: l.variant?.sku ?? l.product.sku,
    type: l.product.type,
    name: l.product.name,
    product_id: l.product.id,
    coupon_code: t.coupon?.code ?? null,
    weight: "12.0000",
    total_weight: decimal(12 * l.item.quantity),
    base_total_weight: decimal(12 * l.item.quantity),
    ...m("price", l.price),
    custom_price: null,
    formated_custom_price: formatMoney(0, SERVER_MONEY_FORMAT),
    ...m("total", l.total),
    tax_percent: decimal(GST_PERCENT),
    ...m("tax_amount", tax),
    discount_percent: decimal(t.coupon?.type === "percent" ? t.coupon.amount : 0),
    ...m("discount_amount", discount),
    additional,
    color: l.variant?.color ?? null,
    size: l.variant?.size ?? null,
    created_at: l.item.created_at,
    updated_at: l.item.updated_at,
  };
  return {
    ...base,
    child: l.variant
      ? {
          ...base,
          id: l.item.id,
          type: "simple",
          name: `${l.product.name} ${color?.label ?? ""} ${size?.label ?? ""}`.trim(),
          child: null,
        }
      : null,
  };
}
