import type { Selectable } from "kysely";
import { STOCK_ERROR_MESSAGE } from "../../../src/api/contract/cart";
import type {
  CartAddressTable,
  CartItemTable,
  CartTable,
  CouponTable as CouponDbTable,
  ProductTable,
  ProductVariantTable,
} from "../../db/schema";
import { COUNTRY_NAMES } from "../../reference/countries";

/** The cart's shapes, its replies' messages and its refusals, shared by the cart's services and routes. */

export type CartRow = Omit<CartTable, "id"> & { id: number };
export type CartItemRow = Omit<CartItemTable, "id"> & { id: number };
export type CartAddressRow = Omit<CartAddressTable, "id"> & { id: number };
export type CouponTable = Omit<CouponDbTable, "id"> & { id: number };
export type CartOwner =
  { customerId: number; sessionHash?: undefined } | { sessionHash: string; customerId?: undefined };

export const PAYMENT_METHODS = [
  {
    method: "cashondelivery",
    method_title: "Cash On Delivery",
    description: "Pay when your bicycle is delivered.",
    sort: 1,
  },
  {
    method: "moneytransfer",
    method_title: "Money Transfer",
    description: "Pay by bank transfer; we ship when the money arrives.",
    sort: 2,
  },
] as const;

export interface ShippingRate {
  id: number;
  carrier: string;
  carrier_title: string;
  method: string;
  method_title: string;
  method_description: string;
  price: number;
}

/** What a cart line reads of its product. */
export type CartProduct = Pick<
  ProductTable,
  "id" | "sku" | "type" | "name" | "final_price" | "stock" | "url_key" | "body_type" | "default_color"
>;

/** `T`'s columns as a join selects them, each as `<prefix><column>`. */
type Prefixed<T, P extends string> = { [K in keyof T & string as `${P}${K}`]: T[K] };

/**
 * A cart line's row joined with what it reads of its product and variant (`Carts.lines`); the variant is
 * left-joined, so its columns may be null.
 */
export type LineRow = Selectable<CartItemTable> &
  Prefixed<Omit<CartProduct, "id">, "p_"> &
  Prefixed<{ [K in keyof ProductVariantTable]: ProductVariantTable[K] | null }, "v_">;

export interface LineInfo {
  item: CartItemRow;
  product: CartProduct;
  variant: ProductVariantTable | null;
  price: number;
  total: number;
}

export interface Totals {
  lines: LineInfo[];
  subTotal: number;
  discount: number;
  tax: number;
  shipping: number;
  grandTotal: number;
  qty: number;
  coupon: CouponTable | null;
  rates: ShippingRate[];
  selectedRate: ShippingRate | null;
}

/** The outcome of one change of a batch, as the reply lists it. */
export interface BatchResult {
  idempotency_key: string;
  status: "applied" | "replayed" | "refused";
  message?: string;
}

/** How a batch claims the keys of its changes (lib/idempotency.ts). */
export interface BatchClaims {
  /** the outcome of a change whose key was claimed before the batch began */
  before(key: string): Omit<BatchResult, "idempotency_key"> | undefined;
  /** claims the key with the reply its change gets; null: claimed now, else the earlier outcome */
  claim(
    key: string,
    reply: { message: string; refusal: boolean },
  ): Promise<Omit<BatchResult, "idempotency_key"> | null>;
}

export const ADDED_MESSAGE = "Item was successfully added to cart.";
export const UPDATED_MESSAGE = "Cart Item(s) successfully updated.";
export const REMOVED_MESSAGE = "Item was removed successfully from the cart.";
export const OPTIONS_MISSING_MESSAGE = "Options are missing for this product.";
export const PRODUCT_NOT_FOUND_MESSAGE = "Product not found.";

export const lineKey = (productId: number, variantId: number | null) => `${productId}:${variantId ?? 0}`;

export class StockError extends Error {
  constructor() {
    super(STOCK_ERROR_MESSAGE);
  }
}

export function addressLines(stored: string): string[] {
  return stored.split("\n");
}

export function addressView<
  T extends {
    id: number;
    address1: string;
    country: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
  },
>(a: T) {
  return {
    ...a,
    first_name: a.first_name ?? "",
    last_name: a.last_name ?? "",
    name: `${a.first_name ?? ""} ${a.last_name ?? ""}`.trim(),
    email: a.email ?? "",
    address1: addressLines(a.address1),
    country_name: COUNTRY_NAMES[a.country] ?? a.country,
  };
}
