import { Hono } from "hono";
import { STOCK_ERROR_MESSAGE } from "../../src/api/contract/cart";
import {
  saveAddressRequestSchema,
  savePaymentRequestSchema,
  saveShippingRequestSchema,
  GST_PERCENT,
  type CheckoutAddress,
} from "../../src/api/contract/checkout";
import type { AppEnv, Ctx, Deps } from "../context";
import { optionalCustomer, rotateGuestSession } from "../lib/auth";
import { PAYMENT_METHODS, type CartRow } from "../services/cart/cart-types";
import { HttpError, nowIso, parseBody, noStore, spliceJson } from "../lib/http";
import { round2 } from "../../src/api/contract/money";
import { orderViews } from "../lib/orders";
import { mailOrderConfirmation } from "../lib/order-mail";
import { cartOwner, cartReply } from "./cart";

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

/** A line's quantity is more than is in stock (the order is refused, nothing of it is kept). */
const stockError = (itemId: number) =>
  new HttpError(422, {
    message: STOCK_ERROR_MESSAGE,
    error: { message: STOCK_ERROR_MESSAGE, code: 0 },
    item_id: itemId,
  });

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
          customer && Number.isInteger(id)
            ? await store.first(
                store.qb
                  .selectFrom("customer_addresses")
                  .selectAll()
                  .where("id", "=", id)
                  .where("customer_id", "=", customer.id),
              )
            : undefined;
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
    const now = nowIso();
    await store.tx(async () => {
      await store.run(store.qb.deleteFrom("cart_addresses").where("cart_id", "=", cart.id));
      for (const [type, a] of [
        ["billing", billing],
        ["shipping", shipping],
      ] as const) {
        await store.run(
          store.qb
            .insertInto("cart_addresses")
            .values({ cart_id: cart.id, address_type: type, ...a, created_at: now, updated_at: now }),
        );
      }
      await store.run(
        store.qb
          .updateTable("carts")
          .set({
            customer_email: billing.email,
            customer_first_name: billing.first_name,
            customer_last_name: billing.last_name,
            updated_at: now,
          })
          .where("id", "=", cart.id),
      );
      if (customer && truthy(body.billing.save_as_address) && body.billing.address_id === undefined) {
        await store.run(
          store.qb.insertInto("customer_addresses").values({
            customer_id: customer.id,
            first_name: billing.first_name,
            last_name: billing.last_name,
            email: billing.email,
            company_name: billing.company_name,
            vat_id: null,
            address1: billing.address1,
            city: billing.city,
            state: billing.state,
            postcode: billing.postcode,
            country: billing.country,
            phone: billing.phone,
            is_default: 0,
            created_at: now,
            updated_at: now,
          }),
        );
      }
    });
    // The address is in: the guest's session gets a new id (security review N7), which the reply sets; a
    // planted or copied id sees none of this cart from here on.
    if (!customer) await rotateGuestSession(c, store);
    const fresh = (await carts.find(cartOwner(c, false)!))!;
    const t = await carts.totals(fresh);
    if (fresh.shipping_method && !t.selectedRate) {
      await store.run(
        store.qb.updateTable("carts").set({ shipping_method: null }).where("id", "=", fresh.id),
      );
    }
    const grouped = new Map<string, ReturnType<typeof carts.rateView>[]>();
    for (const rate of t.rates) {
      const list = grouped.get(rate.carrier_title) ?? [];
      list.push(carts.rateView(rate));
      grouped.set(rate.carrier_title, list);
    }
    const rates = [...grouped.entries()].map(([carrier_title, rates]) => ({ carrier_title, rates }));
    return await checkoutReply(c, { rates });
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
    await store.run(
      store.qb
        .updateTable("carts")
        .set({ shipping_method: body.shipping_method, updated_at: nowIso() })
        .where("id", "=", cart.id),
    );
    return await checkoutReply(c, { methods: PAYMENT_METHODS });
  });

  r.post("/checkout/save-payment", async (c) => {
    const body = await parseBody(c, savePaymentRequestSchema);
    const cart = await cartWithItems(c);
    if (!cart.shipping_method) throw new HttpError(422, { message: "Please specify shipping method." });
    await store.run(
      store.qb
        .updateTable("carts")
        .set({ payment_method: body.payment.method, updated_at: nowIso() })
        .where("id", "=", cart.id),
    );
    return await checkoutReply(c, {});
  });

  r.post("/checkout/check-minimum-order", async (c) => {
    const cart = await cartWithItems(c);
    return await checkoutReply(c, {}, cart, { status: true, message: "Success" });
  });

  r.post("/checkout/save-order", async (c) => {
    const customer = optionalCustomer(c.get("auth"));
    let cart = await cartWithItems(c);
    const { billing, shipping } = await carts.addresses(cart.id);
    if (!shipping) throw new HttpError(422, { message: "Please check shipping address." });
    if (!billing) throw new HttpError(422, { message: "Please check billing address." });
    const {
      id: orderId,
      productIds,
      own,
    } = await store.tx(async () => {
      // The cart becomes at most one order: the first statement claims it (and holds its row until commit,
      // so no change to it lands in between); a concurrent submission of the same cart, on any instance,
      // finds it already claimed. A refusal below rolls the claim back with everything else.
      const claimed = await store.run(
        store.qb
          .updateTable("carts")
          .set({ is_active: 0, updated_at: nowIso() })
          .where("id", "=", cart.id)
          .where("is_active", "=", 1),
      );
      if (!claimed.changes)
        throw new HttpError(400, { error: "Your cart is empty.", message: "Your cart is empty." });
      // The cart as it is now (its shipping and payment choices, its coupon), not as read before the claim.
      cart = (await store.first(
        store.qb.selectFrom("carts").selectAll().where("id", "=", cart.id),
      )) as CartRow;
      const t = await carts.totals(cart);
      if (!t.lines.length)
        throw new HttpError(400, { error: "Your cart is empty.", message: "Your cart is empty." });
      if (!t.selectedRate) throw new HttpError(422, { message: "Please specify shipping method." });
      const payment = PAYMENT_METHODS.find((m) => m.method === cart.payment_method);
      if (!payment) throw new HttpError(422, { message: "Please specify payment method." });
      for (const l of t.lines) {
        if (l.item.quantity > carts.available(l.product, l.variant)) throw stockError(l.item.id);
      }
      const now = nowIso();
      const id = await store.insert(
        store.qb.insertInto("orders").values({
          increment_id: "",
          status: "pending",
          customer_id: customer?.id ?? null,
          session_hash: cart.session_hash,
          is_guest: customer ? 0 : 1,
          customer_email: billing.email ?? customer?.email ?? "",
          customer_first_name: billing.first_name ?? customer?.first_name ?? "",
          customer_last_name: billing.last_name ?? customer?.last_name ?? "",
          shipping_method: cart.shipping_method!,
          shipping_title: `${t.selectedRate.carrier_title} - ${t.selectedRate.method_title}`,
          shipping_description: t.selectedRate.method_description,
          payment_method: payment.method,
          payment_title: payment.method_title,
          coupon_code: t.coupon?.code ?? null,
          total_item_count: t.lines.length,
          total_qty_ordered: t.qty,
          sub_total: t.subTotal,
          discount_amount: t.discount,
          tax_amount: t.tax,
          shipping_amount: t.shipping,
          grand_total: t.grandTotal,
          created_at: now,
          updated_at: now,
        }),
      );
      await store.run(
        store.qb
          .updateTable("orders")
          .set({ increment_id: String(id) })
          .where("id", "=", id),
      );
      // The order's stock writes, whose log rows this instance then knows for its own (Catalog.touch). They
      // lock only the rows they write, the products' first (Catalog.lockProducts).
      const { own } = await catalog.stockWrites(async () => {
        await catalog.lockProducts(t.lines.map((l) => l.product.id));
        for (const l of t.lines) {
          const share = t.subTotal > 0 ? l.total / t.subTotal : 0;
          const discount = round2(t.discount * share);
          await store.run(
            store.qb.insertInto("order_items").values({
              order_id: id,
              product_id: l.product.id,
              variant_id: l.variant?.id ?? null,
              sku: l.variant?.sku ?? l.product.sku,
              type: l.product.type,
              name: l.product.name,
              color: l.variant?.color ?? null,
              size: l.variant?.size ?? null,
              qty_ordered: l.item.quantity,
              price: l.price,
              total: l.total,
              tax_percent: GST_PERCENT,
              tax_amount: round2(((l.total - discount) * GST_PERCENT) / 100),
              discount_amount: discount,
              additional: l.item.additional,
              created_at: now,
            }),
          );
          // The unit is sold only if it is still there when the row is written: a conditional update (it
          // waits for, then re-reads, a concurrent order's write of the same row), not the read above.
          const sold = l.variant
            ? await store.run(
                store.qb
                  .updateTable("product_variants")
                  .set((eb) => ({ stock: eb("stock", "-", l.item.quantity) }))
                  .where("id", "=", l.variant.id)
                  .where("stock", ">=", l.item.quantity),
              )
            : await store.run(
                store.qb
                  .updateTable("products")
                  .set((eb) => ({ stock: eb("stock", "-", l.item.quantity) }))
                  .where("id", "=", l.product.id)
                  .where("stock", ">=", l.item.quantity),
              );
          if (!sold.changes) throw stockError(l.item.id);
          await store.run(
            store.qb
              .updateTable("products")
              .set((eb) => ({ sale_count: eb("sale_count", "+", l.item.quantity) }))
              .where("id", "=", l.product.id),
          );
        }
      });
      for (const a of [billing, shipping]) {
        const { id: _id, cart_id: _c, ...rest } = a;
        await store.run(
          store.qb
            .insertInto("order_addresses")
            .values({ ...rest, order_id: id, created_at: now, updated_at: now }),
        );
      }
      await store.run(
        store.qb.insertInto("invoices").values({
          order_id: id,
          state: payment.method === "cashondelivery" ? "pending" : "pending_payment",
          total_qty: t.qty,
          sub_total: t.subTotal,
          grand_total: t.grandTotal,
          shipping_amount: t.shipping,
          tax_amount: t.tax,
          discount_amount: t.discount,
          created_at: now,
        }),
      );
      return { id, productIds: t.lines.map((l) => l.product.id), own };
    });
    catalog.touch(productIds, own);
    const order = (await store.first(store.qb.selectFrom("orders").selectAll().where("id", "=", orderId)))!;
    d.log.info("order placed", { order_id: orderId, guest: !customer });
    // The guest's session gets a new id, its orders with it (N7): the id that checked out reaches none of them.
    if (!customer) await rotateGuestSession(c, store);
    const view = (await orderViews(store, catalog, [order]))[0]!;
    // Committed: the confirmation goes after the reply, and its failure never touches the order.
    mailOrderConfirmation(c, d, view, Boolean(customer));
    return c.json({ success: true, order: view });
  });

  return r;
}
