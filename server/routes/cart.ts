import { Hono } from "hono";
import {
  addToCartRequestSchema,
  cartBatchRequestSchema,
  couponRequestSchema,
  STOCK_ERROR_MESSAGE,
  updateCartRequestSchema,
} from "../../src/api/contract/cart";
import { clientIp, type AppEnv, type Ctx, type Deps } from "../lib/context";
import { enforce } from "../lib/rate-limit";
import { optionalCustomer, sessionId, startSession } from "../lib/auth";
import {
  ADDED_MESSAGE,
  type CartRow,
  OPTIONS_MISSING_MESSAGE,
  REMOVED_MESSAGE,
  StockError,
  UPDATED_MESSAGE,
} from "../services/cart/cart-types";
import { applyCartBatch } from "../services/cart/cart-batch";
import { HttpError, idParam, notFound, parseBody, noStore } from "../lib/http";
import { cartOwner, cartReply, prefersMinimal } from "../lib/cart-http";
import { sessionStarted, type IdempotencyKeys } from "../lib/idempotency";

export function cartRoutes(d: Deps, keys: IdempotencyKeys) {
  const r = new Hono<AppEnv>();
  const { store, carts, catalog } = d;

  const activeCart = async (c: Ctx): Promise<CartRow | undefined> => {
    const owner = cartOwner(c, false);
    return owner ? await carts.find(owner) : undefined;
  };

  r.use("*", noStore);

  r.get("/checkout/cart", async (c) => {
    // A guest reads the cart on every page (the header's mini cart): the reply starts its session, so its
    // first change already carries a cookie and is not first answered 409 `session_started` (which a
    // browser reports on its console as a failed request). A signed id, nothing stored until a write.
    if (!optionalCustomer(c.get("auth")) && !sessionId(c)) startSession(c);
    return cartReply(c, {}, await carts.viewJson(await activeCart(c)));
  });

  /** A write's success reply: the message and the cart, or only the message when asked for minimal. */
  const written = async (
    c: Ctx,
    message: string,
    cart: () => Promise<CartRow | undefined>,
    extra: Record<string, unknown> = {},
  ) => {
    if (!prefersMinimal(c)) return cartReply(c, { message, ...extra }, await carts.viewJson(await cart()));
    c.header("Preference-Applied", "return=minimal");
    return c.json({ message, ...extra });
  };

  r.post("/checkout/cart/add/:id", async (c) => {
    const productId = idParam(c);
    const body = await parseBody(c, addToCartRequestSchema);
    const [product] = await catalog.productRows([productId]);
    if (!product) throw notFound();
    const customer = optionalCustomer(c.get("auth"));
    // A guest's write that opens a new cart is bounded per address (security review M1), whatever cookie
    // it came with (N6: a fresh session per request opens a cart each time).
    if (!customer) {
      const existing = cartOwner(c, false);
      if (!existing || !(await carts.find(existing))) await enforce(c, d.limiters.guestSessions, clientIp(c));
    }
    const owner = cartOwner(c, true)!;
    const quantity = body.quantity ?? body.quantityCount ?? 1;
    const variant = await carts.resolveVariant(
      product,
      body.selected_configurable_option,
      body.super_attribute,
    );
    // A refusal answers the cart as it was; only a refusal reads it.
    if (variant === "missing") {
      return cartReply(
        c,
        { error: { message: OPTIONS_MISSING_MESSAGE, code: 0 } },
        await carts.viewJson(await carts.find(owner)),
      );
    }
    try {
      await store.tx(async () => {
        const cart = await carts.findOrCreate(owner, customer ?? undefined);
        await carts.addLine(cart, product, variant, quantity, {
          product_id: product.id,
          quantity,
          ...(variant
            ? { selected_configurable_option: variant.id, super_attribute: body.super_attribute ?? {} }
            : {}),
        });
      });
    } catch (err) {
      if (err instanceof StockError) {
        return cartReply(
          c,
          { error: { message: STOCK_ERROR_MESSAGE, code: 0 }, message: STOCK_ERROR_MESSAGE },
          await carts.viewJson(await carts.find(owner)),
        );
      }
      throw err;
    }
    return written(c, ADDED_MESSAGE, async () => await carts.find(owner));
  });

  r.put("/checkout/cart/update", async (c) => {
    const body = await parseBody(c, updateCartRequestSchema);
    const cart = await activeCart(c);
    if (!cart) throw notFound();
    await store.tx(async () => await carts.setQuantities(cart, body.qty));
    return written(c, UPDATED_MESSAGE, async () => await carts.find(cartOwner(c, false)!));
  });

  r.get("/checkout/cart/remove-item/:id", async (c) => {
    const itemId = idParam(c);
    const cart = await activeCart(c);
    if (!cart) throw notFound();
    if (!(await carts.removeLine(cart, itemId))) throw notFound();
    return written(c, REMOVED_MESSAGE, async () => cart);
  });

  r.get("/checkout/cart/empty", async (c) => {
    const cart = await activeCart(c);
    if (cart) await store.tx(async () => await carts.empty(cart.id));
    return c.json({ message: REMOVED_MESSAGE, data: null });
  });

  /**
   * The outbox's waiting cart changes in one request (contract: cartBatchRequestSchema). Each change's key is
   * claimed in the scope a single write with that key would use, in the same transaction as the change, so
   * a change arriving again, alone or in a batch, is not made twice. A guest without a session gets one first
   * (409, lib/idempotency.ts `sessionStarted`), as a single write with a key does.
   */
  r.post("/checkout/cart/batch", async (c) => {
    const body = await parseBody(c, cartBatchRequestSchema).catch((err: unknown) => {
      if (err instanceof HttpError && err.status === 422)
        throw new HttpError(400, { ...err.body, message: "The cart changes are not a valid batch." });
      throw err;
    });
    const scope = keys.scope(c);
    if (!scope) return sessionStarted(c);
    const customer = optionalCustomer(c.get("auth"));
    const owner = cartOwner(c, true)!;
    // Opening a guest cart is bounded per address, as a single add (security review M1); the batch's resend
    // finds the cart it opened and opens none.
    if (!customer && body.changes.some((ch) => ch.action === "add") && !(await carts.find(owner)))
      await enforce(c, d.limiters.guestSessions, clientIp(c));
    const results = await store.tx(async () => {
      const hash = new Map(
        body.changes.map((ch) => [ch.idempotency_key, keys.keyHash(scope, ch.idempotency_key)]),
      );
      const before = await keys.earlier([...new Set(hash.values())]);
      return await applyCartBatch(carts, owner, customer ?? undefined, body.changes, {
        before: (key) => before.get(hash.get(key)!),
        claim: async (key, reply) => await keys.claimChange(hash.get(key)!, customer?.id ?? null, reply),
      });
    });
    await keys.sweep();
    d.metrics.cartBatchChanges.observe(body.changes.length);
    return written(c, UPDATED_MESSAGE, async () => await carts.find(owner), { results });
  });

  r.post("/checkout/cart/coupon", async (c) => {
    // Codes cannot be guessed at API speed (security review L10).
    await enforce(c, d.limiters.coupon, clientIp(c));
    const body = await parseBody(c, couponRequestSchema);
    const cart = await activeCart(c);
    if (!cart || !(await carts.items(cart.id)).length)
      return c.json({ success: false, message: "Coupon code can't be applied." });
    const code = body.code.toUpperCase();
    if (!(await carts.couponExists(code)))
      return c.json({ success: false, message: "Coupon code is invalid." });
    const t = await carts.totals(cart);
    if (!(await carts.validCoupon(code, t.subTotal)))
      return c.json({ success: false, message: "Coupon code can't be applied." });
    await carts.setCoupon(cart, code);
    return cartReply(
      c,
      { success: true, message: "Coupon code applied successfully." },
      await carts.viewJson(await carts.find(cartOwner(c, false)!)),
    );
  });

  r.delete("/checkout/cart/coupon", async (c) => {
    const cart = await activeCart(c);
    if (cart) await carts.setCoupon(cart, null);
    return c.json({ success: true, status: true, message: "Coupon code removed successfully." });
  });

  return r;
}
