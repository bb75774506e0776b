import { Hono } from "hono";
import {
  ALREADY_IMPORTED_MESSAGE,
  cartImportRequestSchema,
  decodeCartCode,
  IMPORTED_MESSAGE,
  NOT_A_CART_CODE_MESSAGE,
  NOT_STAFF_MESSAGE,
  type CartImportReply,
} from "../../src/api/contract/counter";
import { formatMoney, SERVER_MONEY_FORMAT } from "../../src/api/contract/money";
import type { AppEnv, Ctx, Deps } from "../context";
import { customerView, requireCustomer, type CustomerRow } from "../lib/auth";
import { StockError } from "../services/cart/cart-types";
import { HttpError, noStore, nowIso, parseBody } from "../lib/http";
import { sha256 } from "../lib/crypto";

/** The signed-in staff member: 401 without a valid token, 403 for a customer who is not staff. */
function requireStaff(c: Ctx): CustomerRow {
  const customer = requireCustomer(c.get("auth"));
  if (Number(customer.is_staff) !== 1) throw new HttpError(403, { message: NOT_STAFF_MESSAGE });
  return customer;
}

/** The reference a shopper and the counter read out to each other: the key's first characters. */
const referenceOf = (key: string) => key.replace(/-/g, "").slice(0, 8).toUpperCase();

/**
 * The shop counter (issue 40 item 1, decision 43). `POST staff/cart-import` takes a cart code (the text of the
 * shopper's QR code, src/api/contract/counter.ts) and makes a new cart for the counter from its lines, once
 * per hand-over key: the key is claimed first in the transaction (`counter_imports`, its primary key), so a
 * second scan, or two tills scanning the same code at the same moment, wait on that row and answer the first
 * import's reply with "Already imported". `GET cart-handover/{key}` tells the shopper's device whether its
 * code was imported (the key is a random UUID only that device and the counter know; the reply says nothing
 * else).
 */
export function staffRoutes(d: Deps) {
  const r = new Hono<AppEnv>();
  const { store, carts, catalog } = d;

  r.use("/staff/*", noStore);
  r.use("/cart-handover/*", noStore);

  r.get("/staff/me", (c) => {
    const staff = customerView(requireStaff(c));
    return c.json({ data: { name: staff.name, email: staff.email } });
  });

  r.post("/staff/cart-import", async (c) => {
    const staff = requireStaff(c);
    const body = await parseBody(c, cartImportRequestSchema);
    const code = decodeCartCode(body.code);
    if (!code) throw new HttpError(422, { message: NOT_A_CART_CODE_MESSAGE });
    const reply = await store.tx(async (): Promise<CartImportReply> => {
      const now = nowIso();
      const { changes } = await store.run(
        store.qb
          .insertInto("counter_imports")
          .values({ key: code.key, cart_id: null, staff_id: staff.id, reply: "", created_at: now })
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
    return c.json(reply);
  });

  r.get("/cart-handover/:key", async (c) => {
    const key = c.req.param("key");
    if (!/^[A-Za-z0-9-]{8,64}$/.test(key)) return c.json({ data: { handed_over: false, reference: null } });
    const row = await store.first(
      store.qb.selectFrom("counter_imports").select("key").where("key", "=", key),
    );
    return c.json({ data: { handed_over: Boolean(row), reference: row ? referenceOf(key) : null } });
  });

  return r;
}
