import { reshapeProduct } from "@/api/product";
/*
 * msw fixtures and handlers for the shopping and account component tests: a configurable bicycle,
 * a plain one, a server cart built from lines, and the default replies (empty cart, empty wishlist).
 * Tests override single endpoints with `server.use(...)`.
 */
import { http, HttpResponse } from "msw";
import type { CustomerAddress } from "../../src/api/contract/address";
import type { Cart, CartItem } from "../../src/api/contract/cart";
import type { Customer } from "../../src/api/contract/customer";
import type { Order } from "../../src/api/contract/order";
import type { Product } from "../../src/api/contract/product";
import { formatMoney, SERVER_MONEY_FORMAT } from "../../src/api/contract/money";

const image = (name: string) => ({
  small_image_url: `/img/${name}-s.svg`,
  medium_image_url: `/img/${name}-m.svg`,
  large_image_url: `/img/${name}-l.svg`,
});

export function sampleProduct(over: Partial<Product> = {}): Product {
  return {
    id: 42,
    sku: "dirt-jumper-mini",
    type: "configurable",
    name: "Dirt Jumper Mini",
    url_key: "dirt-jumper-mini",
    description: "A small jumper.",
    short_description: "Small jumper.",
    price: "10000.0000",
    formated_price: "₹10,000.00",
    discount: 10,
    new: false,
    rating: 4,
    saleCount: 3,
    stock: 20,
    in_stock: true,
    offerEnd: null,
    affiliateLink: null,
    categories: [{ id: 6, name: "Kids/BMX Bikes", slug: "kids-bmx-bikes" }],
    tags: ["Kids"],
    images: [image("jumper")],
    base_image: image("jumper"),
    variation: [
      {
        color: "red",
        option_id: 1,
        image: "/img/jumper-red.svg",
        size: [
          { name: "m", stock: 2, variant_id: 4201, option_id: 7 },
          { name: "xl", stock: 0, variant_id: 4202, option_id: 8 },
        ],
      },
      {
        color: "blue",
        option_id: 2,
        image: "/img/jumper-blue.svg",
        size: [{ name: "m", stock: 5, variant_id: 4211, option_id: 7 }],
      },
    ],
    basic_info: {
      name: "Dirt Jumper Mini",
      url_key: "dirt-jumper-mini",
      images: [image("jumper")],
      cat: [{ name: "Kids/BMX Bikes", slug: "kids-bmx-bikes" }],
      additional_info: [
        { code: "frame", label: "Frame", value: "Chromoly steel" },
        { code: "brake", label: "Brake", value: "V-brake" },
      ],
    },
    configurable_options: [],
    ...over,
  };
}

export const plainProduct = (over: Partial<Product> = {}) =>
  sampleProduct({
    id: 43,
    sku: "rainbow-rider-14",
    type: "simple",
    name: "Rainbow Rider 14",
    url_key: "rainbow-rider-14",
    discount: 0,
    stock: 2,
    variation: [],
    ...over,
  });

export interface LineSpec {
  id: number;
  product: Product;
  quantity: number;
  variantId?: number;
  color?: string;
  size?: string;
}

const money = (n: number) => formatMoney(n, SERVER_MONEY_FORMAT);

export function sampleCart(lines: LineSpec[], over: Partial<Cart> = {}): Cart {
  const items: CartItem[] = lines.map((l) => {
    const price = Number(l.product.price) * (1 - (l.product.discount ?? 0) / 100);
    return {
      id: l.id,
      quantity: l.quantity,
      sku: l.product.sku,
      type: l.product.type,
      name: l.product.name,
      product_id: l.product.id,
      price: String(price),
      formated_price: money(price),
      total: String(price * l.quantity),
      formated_total: money(price * l.quantity),
      additional: l.variantId
        ? {
            product_id: l.product.id,
            quantity: l.quantity,
            selected_configurable_option: l.variantId,
            super_attribute: { "23": 1, "24": 7 },
          }
        : { product_id: l.product.id, quantity: l.quantity },
      color: l.color ?? null,
      size: l.size ?? null,
      product: l.product,
    };
  });
  const sub = items.reduce((n, i) => n + Number(i.total), 0);
  const qty = items.reduce((n, i) => n + i.quantity, 0);
  return {
    id: 1,
    customer_email: null,
    customer_first_name: null,
    customer_last_name: null,
    shipping_method: null,
    coupon_code: null,
    items_count: items.length,
    items_qty: String(qty),
    cart_currency_code: "INR",
    grand_total: String(sub),
    formated_grand_total: money(sub),
    sub_total: String(sub),
    formated_sub_total: money(sub),
    tax_total: "0",
    formated_tax_total: money(0),
    discount: "0",
    formated_discount: money(0),
    is_guest: 1,
    is_active: 1,
    items,
    selected_shipping_rate: null,
    payment: null,
    billing_address: null,
    shipping_address: null,
    ...over,
  };
}

export const sampleCustomer: Customer = {
  id: 7,
  email: "demo@bicycle-shop.test",
  first_name: "Demo",
  last_name: "Rider",
  name: "Demo Rider",
  gender: "Male",
  date_of_birth: null,
  phone: null,
  status: 1,
  created_at: null,
  updated_at: null,
};

/** A saved address as Bagisto 1.3.3's `Resources/Customer/CustomerAddress.php` sends it (an empty second line). */
export const bagistoAddress: CustomerAddress = {
  id: 3,
  first_name: "Asha",
  last_name: "Rao",
  company_name: null,
  vat_id: null,
  address1: ["12 MG Road", ""],
  country: "IN",
  country_name: "India",
  state: "KA",
  city: "Bengaluru",
  postcode: "560001",
  phone: "9876543210",
  is_default: false,
  created_at: "2021-09-27T00:00:00.000000Z",
  updated_at: "2021-09-27T00:00:00.000000Z",
};

export function sampleOrder(over: Partial<Order> = {}): Order {
  const address = {
    id: 1,
    email: "demo@bicycle-shop.test",
    first_name: "Demo",
    last_name: "Rider",
    address1: ["12 Canal Street"],
    country: "IN",
    state: "KA",
    city: "Bengaluru",
    postcode: "560001",
    phone: "9800000001",
  };
  return {
    id: 5,
    increment_id: "5",
    status: "pending",
    status_label: "Pending",
    is_guest: 0,
    customer_email: "demo@bicycle-shop.test",
    customer_first_name: "Demo",
    customer_last_name: "Rider",
    shipping_method: "flatrate_flatrate",
    shipping_title: "Flat Rate - Flat Rate",
    shipping_description: "Flat Rate Shipping",
    payment_title: "Cash On Delivery",
    coupon_code: null,
    total_item_count: 1,
    total_qty_ordered: 2,
    base_currency_code: "INR",
    order_currency_code: "INR",
    sub_total: "18000",
    formated_sub_total: "₹18,000.00",
    discount_amount: "0",
    formated_discount_amount: "₹0.00",
    tax_amount: "3240",
    formated_tax_amount: "₹3,240.00",
    shipping_amount: "25",
    formated_shipping_amount: "₹25.00",
    grand_total: "21265",
    formated_grand_total: "₹21,265.00",
    shipping_address: address,
    billing_address: address,
    items: [
      {
        id: 9,
        sku: "dirt-jumper-mini",
        type: "configurable",
        name: "Dirt Jumper Mini",
        product: { id: 42, name: "Dirt Jumper Mini", base_image: image("jumper") },
        qty_ordered: 2,
        price: "9000",
        formated_price: "₹9,000.00",
        total: "18000",
        formated_total: "₹18,000.00",
      },
    ],
    invoices: [
      {
        id: 3,
        state: "paid",
        total_qty: 2,
        sub_total: "18000",
        formated_sub_total: "₹18,000.00",
        grand_total: "21265",
        formated_grand_total: "₹21,265.00",
        created_at: "2026-11-20T10:00:00.000Z",
      },
    ],
    created_at: "2026-11-20T09:00:00.000Z",
    updated_at: "2026-11-20T09:00:00.000Z",
    ...over,
  };
}

/** Default replies: a guest with an empty server cart and no saved data. */
export const shoppingHandlers = [
  http.get("*/api/checkout/cart", () => HttpResponse.json({ data: null })),
  http.get("*/api/wishlist", () => HttpResponse.json({ data: [] })),
  http.get("*/api/statelist", () => HttpResponse.json({ data: [] })),
  http.get("*/api/addresses", () => HttpResponse.json({ data: [] })),
];

/** The storefront's Product (api/product.ts) of a sample wire product, for tests that hand one to a component. */
export const appProduct = (over: Partial<Product> = {}) => reshapeProduct(sampleProduct(over));
/** The storefront's Product of a plain (not configurable) sample product. */
export const appPlainProduct = (over: Partial<Product> = {}) => reshapeProduct(plainProduct(over));
