import { STOCK_ERROR_MESSAGE, type CartBatchChange } from "../../../src/api/contract/cart";
import {
  ADDED_MESSAGE,
  lineKey,
  OPTIONS_MISSING_MESSAGE,
  PRODUCT_NOT_FOUND_MESSAGE,
  REMOVED_MESSAGE,
  UPDATED_MESSAGE,
  type BatchClaims,
  type BatchResult,
  type CartItemRow,
  type CartOwner,
} from "./cart-types";
import type { Carts } from "./carts";

/**
 * The changes of a cart batch (POST checkout/cart/batch), in order, inside the caller's transaction. Each
 * change claims its key first (`claims`): a key claimed before is not applied again. A change is checked
 * before anything is written, so a refused one leaves the others as they are. Lines are found by product
 * and variant; the batch reads only the lines of the products it names, once, and touches the cart once.
 */
export async function applyCartBatch(
  carts: Carts,
  owner: CartOwner,
  customer: { email: string; first_name: string; last_name: string } | undefined,
  changes: CartBatchChange[],
  claims: BatchClaims,
): Promise<BatchResult[]> {
  const productIds = [...new Set(changes.flatMap((ch) => (ch.action === "empty" ? [] : [ch.product_id])))];
  const products = new Map((await carts.productRows(productIds)).map((p) => [p.id, p]));
  const variants = await carts.rows.variants(
    changes.flatMap((ch) => (ch.action === "set" && ch.variant_id !== null ? [ch.variant_id] : [])),
  );
  let cart = await carts.find(owner);
  const lines = new Map<string, CartItemRow>();
  for (const line of cart ? await carts.rows.linesOf(cart.id, productIds) : []) {
    const key = lineKey(line.product_id, line.variant_id);
    if (!lines.has(key)) lines.set(key, line);
  }
  let touched = false;

  /** What the change does: a refusal, or its message and how to apply it. */
  const plan = async (
    ch: CartBatchChange,
  ): Promise<{ refusal: string } | { message: string; apply: () => Promise<void> }> => {
    if (ch.action === "empty") {
      return {
        message: REMOVED_MESSAGE,
        apply: async () => {
          if (cart) await carts.empty(cart.id);
          cart = undefined;
          lines.clear();
          touched = false;
        },
      };
    }
    const product = products.get(ch.product_id);
    if (ch.action === "add") {
      if (!product) return { refusal: PRODUCT_NOT_FOUND_MESSAGE };
      const variant = await carts.resolveVariant(
        product,
        ch.selected_configurable_option,
        ch.super_attribute,
      );
      if (variant === "missing") return { refusal: OPTIONS_MISSING_MESSAGE };
      const key = lineKey(product.id, variant?.id ?? null);
      const line = lines.get(key);
      const next = (line?.quantity ?? 0) + ch.quantity;
      if (next > carts.available(product, variant)) return { refusal: STOCK_ERROR_MESSAGE };
      return {
        message: ADDED_MESSAGE,
        apply: async () => {
          touched = true;
          if (line) {
            await carts.rows.setLineQuantity(line.id, next);
            line.quantity = next;
            return;
          }
          cart ??= await carts.findOrCreate(owner, customer);
          const extra = {
            product_id: product.id,
            quantity: ch.quantity,
            ...(variant
              ? { selected_configurable_option: variant.id, super_attribute: ch.super_attribute ?? {} }
              : {}),
          };
          lines.set(key, await carts.rows.insertLine(cart, product, variant, ch.quantity, extra));
        },
      };
    }
    const key = lineKey(ch.product_id, ch.variant_id);
    const line = lines.get(key);
    const noop = {
      message: ch.action === "set" ? UPDATED_MESSAGE : REMOVED_MESSAGE,
      apply: async () => {},
    };
    if (!line) return noop;
    if (ch.action === "remove") {
      return {
        message: REMOVED_MESSAGE,
        apply: async () => {
          await carts.rows.deleteLine(line.id);
          lines.delete(key);
          touched = true;
        },
      };
    }
    const variant = ch.variant_id === null ? null : variants.get(ch.variant_id);
    if (!product || variant === undefined) return { refusal: PRODUCT_NOT_FOUND_MESSAGE };
    if (ch.quantity > carts.available(product, variant)) return { refusal: STOCK_ERROR_MESSAGE };
    return {
      message: UPDATED_MESSAGE,
      apply: async () => {
        await carts.rows.setLineQuantity(line.id, ch.quantity);
        line.quantity = ch.quantity;
        touched = true;
      },
    };
  };

  const results: BatchResult[] = [];
  for (const ch of changes) {
    const key = ch.idempotency_key;
    const before = claims.before(key);
    if (before) {
      results.push({ idempotency_key: key, ...before });
      continue;
    }
    const p = await plan(ch);
    const refusal = "refusal" in p;
    const message = refusal ? p.refusal : p.message;
    const earlier = await claims.claim(key, { message, refusal });
    if (earlier) results.push({ idempotency_key: key, ...earlier });
    else if (refusal) results.push({ idempotency_key: key, status: "refused", message });
    else {
      await p.apply();
      results.push({ idempotency_key: key, status: "applied" });
    }
  }
  if (touched && cart) await carts.touch(cart);
  return results;
}
