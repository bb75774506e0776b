import {
  ALREADY_IMPORTED_MESSAGE,
  IMPORTED_MESSAGE,
  type CartImportReply,
  type decodeCartCode,
} from "../../src/api/contract/counter";
import { formatMoney, SERVER_MONEY_FORMAT } from "../../src/api/contract/money";
import type { Store } from "../db/store";
import { sha256 } from "../lib/crypto";
import { nowIso } from "../lib/http";
import type { Catalog } from "./catalog/catalog";
import { StockError } from "./cart/cart-types";
import type { Carts } from "./cart/carts";

/** The shop counter's imports of shoppers' cart codes (issue 40 item 1, decision 43). */

type CartCode = NonNullable<ReturnType<typeof decodeCartCode>>;

/** The reference a shopper and the counter read out to each other: the key's first characters. */
export const referenceOf = (key: string) => key.replace(/-/g, "").slice(0, 8).toUpperCase();

/**
 * Makes a new cart for the counter from the code's lines, once per hand-over key: the key is claimed first
 * in the transaction (`counter_imports`, its primary key), so a second scan, or two tills scanning the same
 * code at the same moment, wait on that row and answer the first import's reply with "Already imported".
 */
export async function importCartCode(
  store: Store,
  carts: Carts,
  catalog: Catalog,
  code: CartCode,
  staffId: number,
): Promise<CartImportReply> {
  return await store.tx(async (): Promise<CartImportReply> => {
    const now = nowIso();
    const { changes } = await store.run(
      store.qb
        .insertInto("counter_imports")
        .values({ key: code.key, cart_id: null, staff_id: staffId, reply: "", created_at: now })
        .onConflict((oc) => oc.column("key").doNothing()),
    );
    if (!changes) {
      const earlier = await store.first(
        store.qb.selectFrom("counter_imports").select("reply").where("key", "=", code.key),
      );
      const first = JSON.parse(earlier!.reply) as CartImportReply;
      return { ...first, message: ALREADY_IMPORTED_MESSAGE, already_imported: true };
    }
    // The counter's own cart, owned by no shopper: a session hash no minted session can have.
    const cart = await carts.findOrCreate({ sessionHash: sha256(`counter\n${code.key}`) });
    const products = new Map(
      (await catalog.productRows([...new Set(code.lines.map((l) => l.productId))])).map((p) => [p.id, p]),
    );
    let skipped = 0;
    for (const line of code.lines) {
      const product = products.get(line.productId);
      const variant = product
        ? await carts.resolveVariant(product, line.variantId ?? undefined, undefined)
        : "missing";
      if (!product || variant === "missing" || (line.variantId !== null && variant === null)) {
        skipped++;
        continue;
      }
      try {
        await carts.addLine(cart, product, variant, line.quantity, {
          product_id: product.id,
          quantity: line.quantity,
          ...(variant ? { selected_configurable_option: variant.id } : {}),
        });
      } catch (err) {
        // More than the shop holds: the counter sees the line is missing and talks to the shopper.
        if (!(err instanceof StockError)) throw err;
        skipped++;
      }
    }
    const t = await carts.totals(cart);
    const money = (v: number) => formatMoney(v, SERVER_MONEY_FORMAT);
    const made: CartImportReply = {
      message: IMPORTED_MESSAGE,
      already_imported: false,
      data: {
        reference: referenceOf(code.key),
        cart_id: cart.id,
        imported_at: now,
        lines: t.lines.map((l) => ({
          product_id: l.product.id,
          variant_id: l.variant?.id ?? null,
          name: l.product.name,
          sku: l.variant?.sku ?? l.product.sku,
          quantity: l.item.quantity,
          price: l.price,
          formated_price: money(l.price),
          total: l.total,
          formated_total: money(l.total),
        })),
        skipped,
        items_qty: t.qty,
        sub_total: t.subTotal,
        formated_sub_total: money(t.subTotal),
        grand_total: t.grandTotal,
        formated_grand_total: money(t.grandTotal),
      },
    };
    await store.run(
      store.qb
        .updateTable("counter_imports")
        .set({ cart_id: cart.id, reply: JSON.stringify(made) })
        .where("key", "=", code.key),
    );
    return made;
  });
}

/** Whether a cart code of this hand-over key was imported. */
export async function isHandedOver(store: Store, key: string): Promise<boolean> {
  return Boolean(
    await store.first(store.qb.selectFrom("counter_imports").select("key").where("key", "=", key)),
  );
}
