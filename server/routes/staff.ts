import { Hono } from "hono";
import {
  cartImportRequestSchema,
  decodeCartCode,
  NOT_A_CART_CODE_MESSAGE,
  NOT_STAFF_MESSAGE,
} from "../../src/api/contract/counter";
import type { AppEnv, Ctx, Deps } from "../lib/context";
import { customerView, requireCustomer, type CustomerRow } from "../lib/auth";
import { HttpError, noStore, parseBody } from "../lib/http";
import { importCartCode, isHandedOver, referenceOf } from "../services/counter";

/** The signed-in staff member: 401 without a valid token, 403 for a customer who is not staff. */
function requireStaff(c: Ctx): CustomerRow {
  const customer = requireCustomer(c.get("auth"));
  if (Number(customer.is_staff) !== 1) throw new HttpError(403, { message: NOT_STAFF_MESSAGE });
  return customer;
}

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
    const reply = await importCartCode(store, carts, catalog, code, staff.id);
    return c.json(reply);
  });

  r.get("/cart-handover/:key", async (c) => {
    const key = c.req.param("key");
    if (!/^[A-Za-z0-9-]{8,64}$/.test(key)) return c.json({ data: { handed_over: false, reference: null } });
    const handedOver = await isHandedOver(store, key);
    return c.json({ data: { handed_over: handedOver, reference: handedOver ? referenceOf(key) : null } });
  });

  return r;
}
