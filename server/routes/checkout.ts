import { Hono } from "hono";
import {
  saveAddressRequestSchema,
  savePaymentRequestSchema,
  saveShippingRequestSchema,
  type CheckoutAddress,
} from "../../src/api/contract/checkout";
import type { AppEnv, Ctx, Deps } from "../lib/context";
import { endSessionMove, guestSessionMove, optionalCustomer, rotateGuestSession } from "../lib/auth";
import { PAYMENT_METHODS, type CartRow } from "../services/cart/cart-types";
import { HttpError, parseBody, noStore, spliceJson } from "../lib/http";
import { buildOrderViews } from "../services/orders";
import { customerAddress } from "../services/addresses";
import {
  clearShippingMethod,
  placeOrder,
  saveCartAddresses,
  setPaymentMethod,
  setShippingMethod,
} from "../services/checkout";
import { mailOrderConfirmation } from "../lib/order-mail";
import { cartOwner, cartReply } from "../lib/cart-http";

const REQUIRED = [
  "first_name",
  "last_name",
  "email",
  "address1",
  "city",
  "postcode",
  "phone",
  "country",
] as const;
const truthy = (v: unknown) => v === true || v === 1 || v === "1" || v === "true";

export function checkoutRoutes(d: Deps) {
  const r = new Hono<AppEnv>();
  const { store, carts, catalog } = d;

  r.use("*", noStore);

  const cartWithItems = async (c: Ctx): Promise<CartRow> => {
    const owner = cartOwner(c, false);
    const cart = owner ? await carts.find(owner) : undefined;
    if (!cart || !(await carts.items(cart.id)).length)
      throw new HttpError(400, { error: "Your cart is empty.", message: "Your cart is empty." });
    return cart;
  };

  /**
   * `{...fields, data: {...data, cart: <cart>}}`, the cart (the shopper's, read now, unless given) written
   * as the cart routes write it (`cartReply`).
   */
  const checkoutReply = async (
    c: Ctx,
    data: Record<string, unknown>,
    cart?: CartRow,
    fields: Record<string, unknown> = {},
  ) => {
    const cartJson = await carts.viewJson(cart ?? (await carts.find(cartOwner(c, false)!)));
    return cartReply(c, fields, spliceJson(data, "cart", cartJson));
  };

  r.post("/checkout/save-address", async (c) => {
    const body = await parseBody(c, saveAddressRequestSchema);
    const customer = optionalCustomer(c.get("auth"));
    const cart = await cartWithItems(c);
    const errors: Record<string, string[]> = {};
    const resolve = async (side: "billing" | "shipping", a: CheckoutAddress | undefined) => {
      if (!a) {
        errors[side] = [`The ${side} address is required.`];
        return null;
      }
      if (a.address_id !== undefined && a.address_id !== "") {
        const id = Number(String(a.address_id).replace(/^address_/, ""));
        const saved =
          customer && Number.isInteger(id) ? await customerAddress(store, customer.id, id) : undefined;
        if (!saved) {
          errors[`${side}.address_id`] = ["The selected address id is invalid."];
          return null;
        }
        return {
          first_name: saved.first_name ?? customer!.first_name,
          last_name: saved.last_name ?? customer!.last_name,
          // Bagisto merges the saved address with what the request says of it.
          company_name: (a.company_name === undefined ? saved.company_name : a.company_name) || null,
          email: a.email ?? customer!.email,
          address1: saved.address1,
          city: saved.city,
          state: saved.state,
          postcode: saved.postcode,
          country: saved.country,
          phone: saved.phone,
        };
      }
      for (const f of REQUIRED) {
        const v = a[f];
        if (v === undefined || (Array.isArray(v) ? !v.some((s) => s.trim()) : String(v).trim() === "")) {
          errors[`${side}.${f}`] = [`The ${side}.${f.replace("_", " ")} field is required.`];
        }
      }
      if (Object.keys(errors).some((k) => k.startsWith(side))) return null;
      return {
        first_name: a.first_name!,
        last_name: a.last_name!,
        company_name: a.company_name || null,
        email: a.email!,
        address1: a.address1!.filter((s) => s.trim()).join("\n"),
        city: a.city!,
        state: a.state ?? null,
        postcode: a.postcode!,
        country: a.country!.toUpperCase(),
        phone: a.phone!,
      };
    };
    const billing = await resolve("billing", body.billing);
    const useForShipping =
      body.billing.use_for_shipping === undefined ? !body.shipping : truthy(body.billing.use_for_shipping);
    const shipping = useForShipping ? billing : await resolve("shipping", body.shipping);
    if (!billing || !shipping || Object.keys(errors).length)
      throw new HttpError(422, { message: "The given data was invalid.", errors });
    const addToBook =
      customer && truthy(body.billing.save_as_address) && body.billing.address_id === undefined;
    await saveCartAddresses(store, cart.id, billing, shipping, addToBook ? customer.id : null);
    // The address is in: the guest's session gets a new id (security review N7), which the reply sets; a
    // planted or copied id sees none of this cart from here on.
    if (!customer) await rotateGuestSession(c, store, { ifMoved: true });
    // Read by id: the same shopper's concurrent request may have moved it to its own new id, or placed it.
    const fresh = await carts.rows.byId(cart.id);
    if (!fresh?.is_active)
      throw new HttpError(400, { error: "Your cart is empty.", message: "Your cart is empty." });
    const t = await carts.totals(fresh);
    if (fresh.shipping_method && !t.selectedRate) await clearShippingMethod(store, fresh.id);
    const grouped = new Map<string, ReturnType<typeof carts.rateView>[]>();
    for (const rate of t.rates) {
      const list = grouped.get(rate.carrier_title) ?? [];
      list.push(carts.rateView(rate));
      grouped.set(rate.carrier_title, list);
    }
    const rates = [...grouped.entries()].map(([carrier_title, rates]) => ({ carrier_title, rates }));
    return await checkoutReply(c, { rates }, fresh);
  });

  r.post("/checkout/save-shipping", async (c) => {
    const body = await parseBody(c, saveShippingRequestSchema);
    const cart = await cartWithItems(c);
    const { shipping } = await carts.addresses(cart.id);
    if (!shipping) throw new HttpError(422, { message: "Please check shipping address." });
    const t = await carts.totals(cart);
    if (!t.rates.some((r) => r.method === body.shipping_method)) {
      throw new HttpError(422, {
        message: "The given data was invalid.",
        errors: { shipping_method: ["The selected shipping method is invalid."] },
      });
    }
    await setShippingMethod(store, cart.id, body.shipping_method);
    return await checkoutReply(c, { methods: PAYMENT_METHODS });
  });

  r.post("/checkout/save-payment", async (c) => {
    const body = await parseBody(c, savePaymentRequestSchema);
    const cart = await cartWithItems(c);
    if (!cart.shipping_method) throw new HttpError(422, { message: "Please specify shipping method." });
    await setPaymentMethod(store, cart.id, body.payment.method);
    return await checkoutReply(c, {});
  });

  r.post("/checkout/check-minimum-order", async (c) => {
    const cart = await cartWithItems(c);
    return await checkoutReply(c, {}, cart, { status: true, message: "Success" });
  });

  r.post("/checkout/save-order", async (c) => {
    const customer = optionalCustomer(c.get("auth"));
    const owner = cartOwner(c, false);
    if (!owner) throw new HttpError(400, { error: "Your cart is empty.", message: "Your cart is empty." });
    // The guest's session gets a new id, its orders with it (N7), in the order's own transaction: the id
    // that checked out reaches none of them.
    const move = customer ? null : guestSessionMove(c);
    const { order, parts } = await placeOrder(store, carts, catalog, owner, customer, move);
    if (move) endSessionMove(c, move);
    d.log.info("order placed", { order_id: order.id, guest: !customer });
    // The reply is written from what the order's statements answered: nothing is read again.
    const view = buildOrderViews([order], parts)[0]!;
    // Committed: the confirmation is queued and goes after the reply; its failure never touches the order.
    await mailOrderConfirmation(c, d, view, Boolean(customer));
    return c.json({ success: true, order: view });
  });

  return r;
}
