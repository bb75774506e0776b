import { Hono } from "hono";
import {
  addToCartRequestSchema,
  couponRequestSchema,
  STOCK_ERROR_MESSAGE,
  updateCartRequestSchema,
} from "../../src/api/contract/cart";
import { clientIp, type AppEnv, type Ctx, type Deps } from "../context";
import { enforce } from "../lib/rate-limit";
import { ensureSession, optionalCustomer, sessionHash } from "../lib/auth";
import { type CartOwner, type CartRow, StockError } from "../lib/cart";
import { sha256 } from "../lib/crypto";
import { idParam, notFound, nowIso, parseBody } from "../lib/http";

/** The caller's cart owner: the customer (token) or the guest session (cookie, created on first write). */
export function cartOwner(c: Ctx, create: boolean): CartOwner | null {
  const customer = optionalCustomer(c.get("auth"));
  if (customer) return { customerId: customer.id };
  const derived = c.get("derivedSession");
  const session = create ? ensureSession(c) : (sessionHash(c) ?? (derived ? sha256(derived) : null));
  return session ? { sessionHash: session } : null;
}

/** `Prefer: return=minimal` (RFC 7240): a write's reply leaves the cart out (the client reads it afterwards). */
function prefersMinimal(c: Ctx): boolean {
  return /(?:^|[\s,;])return=minimal(?:$|[\s,;])/i.test(c.req.header("prefer") ?? "");
}

export function cartRoutes(d: Deps) {
  const r = new Hono<AppEnv>();
  const { store, carts, catalog } = d;

  const activeCart = async (c: Ctx): Promise<CartRow | undefined> => {
    const owner = cartOwner(c, false);
    return owner ? await carts.find(owner) : undefined;
  };

  r.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });

  r.get("/checkout/cart", async (c) => c.json({ data: await carts.view(await activeCart(c)) }));

  /** A write's success reply: the message and the cart, or only the message when asked for minimal. */
  const written = async (c: Ctx, message: string, cart: () => Promise<CartRow | undefined>) => {
    if (!prefersMinimal(c)) return c.json({ message, data: await carts.view(await cart()) });
    c.header("Preference-Applied", "return=minimal");
    return c.json({ message });
  };

  r.post("/checkout/cart/add/:id", async (c) => {
    const productId = idParam(c);
    const body = await parseBody(c, addToCartRequestSchema);
    const [product] = await catalog.productRows([productId]);
    if (!product) throw notFound();
    const customer = optionalCustomer(c.get("auth"));
    // A guest's write that opens a new cart session is bounded per address (security review M1); the
    // retry of one (same Idempotency-Key) opens none.
    const derived = c.get("derivedSession");
    if (!customer && !sessionHash(c) && !(derived && (await carts.find({ sessionHash: sha256(derived) }))))
      await enforce(c, d.limiters.guestSessions, clientIp(c));
    const owner = cartOwner(c, true)!;
    const quantity = body.quantity ?? body.quantityCount ?? 1;
    const variant = await carts.resolveVariant(
      product,
      body.selected_configurable_option,
      body.super_attribute,
    );
    const current = await carts.find(owner);
    if (variant === "missing") {
      return c.json({
        error: { message: "Options are missing for this product.", code: 0 },
        data: await carts.view(current),
      });
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
        return c.json({
          error: { message: STOCK_ERROR_MESSAGE, code: 0 },
          message: STOCK_ERROR_MESSAGE,
          data: await carts.view(current),
        });
      }
      throw err;
    }
    return written(c, "Item was successfully added to cart.", async () => await carts.find(owner));
  });

  r.put("/checkout/cart/update", async (c) => {
    const body = await parseBody(c, updateCartRequestSchema);
    const cart = await activeCart(c);
    if (!cart) throw notFound();
    await store.tx(async () => await carts.setQuantities(cart, body.qty));
    return written(
      c,
      "Cart Item(s) successfully updated.",
      async () => await carts.find(cartOwner(c, false)!),
    );
  });

  r.get("/checkout/cart/remove-item/:id", async (c) => {
    const itemId = idParam(c);
    const cart = await activeCart(c);
    if (!cart) throw notFound();
    const res = await store.run(
      store.qb.deleteFrom("cart_items").where("id", "=", itemId).where("cart_id", "=", cart.id),
    );
    if (!res.changes) throw notFound();
    await carts.touch(cart);
    return written(c, "Item was removed successfully from the cart.", async () => cart);
  });

  r.get("/checkout/cart/empty", async (c) => {
    const cart = await activeCart(c);
    if (cart) {
      await store.tx(async () => {
        await store.run(store.qb.deleteFrom("cart_items").where("cart_id", "=", cart.id));
        await carts.deactivate(cart.id);
      });
    }
    return c.json({ message: "Item was removed successfully from the cart.", data: null });
  });

  r.post("/checkout/cart/coupon", async (c) => {
    // Codes cannot be guessed at API speed (security review L10).
    await enforce(c, d.limiters.coupon, clientIp(c));
    const body = await parseBody(c, couponRequestSchema);
    const cart = await activeCart(c);
    if (!cart || !(await carts.items(cart.id)).length)
      return c.json({ success: false, message: "Coupon code can't be applied." });
    const code = body.code.toUpperCase();
    const exists = await store.first(store.qb.selectFrom("coupons").select("id").where("code", "=", code));
    if (!exists) return c.json({ success: false, message: "Coupon code is invalid." });
    const t = await carts.totals(cart);
    if (!(await carts.validCoupon(code, t.subTotal)))
      return c.json({ success: false, message: "Coupon code can't be applied." });
    await store.run(
      store.qb
        .updateTable("carts")
        .set({ coupon_code: code, updated_at: nowIso() })
        .where("id", "=", cart.id),
    );
    return c.json({
      success: true,
      message: "Coupon code applied successfully.",
      data: await carts.view(await carts.find(cartOwner(c, false)!)),
    });
  });

  r.delete("/checkout/cart/coupon", async (c) => {
    const cart = await activeCart(c);
    if (cart)
      await store.run(
        store.qb
          .updateTable("carts")
          .set({ coupon_code: null, updated_at: nowIso() })
          .where("id", "=", cart.id),
      );
    return c.json({ success: true, status: true, message: "Coupon code removed successfully." });
  });

  return r;
}
