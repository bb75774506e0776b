/*
 * The shop counter (issue 40 items 1 and 2, decision 43): the text a cart's QR code holds, read by the staff
 * page and by the server that imports it, and the staff endpoints' shapes.
 *
 * A cart code is `velora:cart:v1:<key>:<line>,<line>…`, each line `<product id>.<variant id or 0>.<quantity>`
 * (base 10). A UUID key and five lines are about 110 characters: a version 6 QR code at level M, readable
 * from a phone screen at arm's length. Nothing but ids and quantities: no names, no prices (the counter
 * prices the lines itself).
 */
import { z } from "zod/mini";

export const CART_CODE_PREFIX = "velora:cart:v1:";
/** At most this many lines travel in one code (a larger cart would not fit a readable QR code). */
export const CART_CODE_MAX_LINES = 30;
/** A line's quantity, at most (the storefront's stepper stops far below). */
export const CART_CODE_MAX_QUANTITY = 999;

export interface CartCodeLine {
  productId: number;
  variantId: number | null;
  quantity: number;
}

export interface CartCode {
  /** the hand-over's idempotency key: the counter imports a code once however often it is scanned */
  key: string;
  lines: CartCodeLine[];
}

const KEY = /^[A-Za-z0-9-]{8,64}$/;
const LINE = /^([1-9]\d{0,9})\.(0|[1-9]\d{0,9})\.([1-9]\d{0,2})$/;
const INT4_MAX = 2147483647;

/** The code's text for a cart's lines and a key. */
export function encodeCartCode(code: CartCode): string {
  if (!KEY.test(code.key)) throw new Error("A cart code's key is 8 to 64 letters, digits or dashes.");
  const lines = code.lines.map((l) => `${l.productId}.${l.variantId ?? 0}.${l.quantity}`);
  return `${CART_CODE_PREFIX}${code.key}:${lines.join(",")}`;
}

/** The cart a scanned text holds, or null when it is no cart code (a product tag, anything else). */
export function decodeCartCode(text: string): CartCode | null {
  if (!text.startsWith(CART_CODE_PREFIX)) return null;
  const rest = text.slice(CART_CODE_PREFIX.length);
  const colon = rest.indexOf(":");
  if (colon < 0) return null;
  const key = rest.slice(0, colon);
  const body = rest.slice(colon + 1);
  if (!KEY.test(key) || !body) return null;
  const parts = body.split(",");
  if (parts.length > CART_CODE_MAX_LINES) return null;
  const lines: CartCodeLine[] = [];
  for (const part of parts) {
    const m = LINE.exec(part);
    if (!m) return null;
    const productId = Number(m[1]);
    const variant = Number(m[2]);
    const quantity = Number(m[3]);
    if (productId > INT4_MAX || variant > INT4_MAX || quantity > CART_CODE_MAX_QUANTITY) return null;
    lines.push({ productId, variantId: variant === 0 ? null : variant, quantity });
  }
  return { key, lines };
}

/**
 * The product a floor tag's code opens: the URL key of an address `…/product/<url key>` (any origin: a tag
 * printed by another copy of the shop opens the product here), or null.
 */
export function productKeyOfCode(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const m = /^\/product\/([^/]+)\/?$/.exec(url.pathname);
  if (!m) return null;
  try {
    const key = decodeURIComponent(m[1]!);
    return key && !key.includes("/") ? key : null;
  } catch {
    return null;
  }
}

export const cartImportRequestSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({ code: z.string().check(z.maxLength(2000)) }),
);

const importedLineSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    product_id: z.number(),
    variant_id: z.nullable(z.number()),
    name: z.string(),
    sku: z.string(),
    quantity: z.number(),
    price: z.number(),
    formated_price: z.string(),
    total: z.number(),
    formated_total: z.string(),
  }),
);

/** POST staff/cart-import and GET staff/cart-import/{key}: the counter's cart. */
export const cartImportReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    message: z.string(),
    already_imported: z.boolean(),
    data: z.looseObject({
      reference: z.string(),
      cart_id: z.number(),
      imported_at: z.string(),
      lines: z.array(importedLineSchema),
      /** lines of the code the counter could not take (a product gone, a variant of another product) */
      skipped: z.number(),
      items_qty: z.number(),
      sub_total: z.number(),
      formated_sub_total: z.string(),
      grand_total: z.number(),
      formated_grand_total: z.string(),
    }),
  }),
);
export type CartImportReply = z.infer<typeof cartImportReplySchema>;

/** GET cart-handover/{key}: whether the counter has imported the code with this key (the shopper's device). */
export const handoverReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({ data: z.looseObject({ handed_over: z.boolean(), reference: z.nullable(z.string()) }) }),
);

/** GET staff/me: the signed-in staff member. */
export const staffReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({ data: z.looseObject({ name: z.string(), email: z.string() }) }),
);

export const ALREADY_IMPORTED_MESSAGE = "Already imported";
export const IMPORTED_MESSAGE = "Cart imported";
export const NOT_STAFF_MESSAGE = "This account is not a staff account.";
export const NOT_A_CART_CODE_MESSAGE = "This is not a cart code.";
