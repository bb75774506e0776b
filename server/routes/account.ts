import { Hono } from "hono";
import { addressInputSchema } from "../../src/api/contract/address";
import type { AppEnv, Ctx, Deps } from "../lib/context";
import { requireCustomer, sessionHash } from "../lib/auth";
import { addressView } from "../services/cart/cart-types";
import {
  HttpError,
  idParam,
  notFound,
  nowIso,
  readJson,
  parseWith,
  parseQuery,
  linkUrl,
  noStore,
} from "../lib/http";
import { cancelPendingOrder, customerOrders, orderById, orderViews, type OrderRow } from "../services/orders";
import {
  customerAddress,
  customerAddresses,
  deleteCustomerAddress,
  saveCustomerAddress,
} from "../services/addresses";
import { removeWishlistItem, toggleWishlistItem, wishlistPage } from "../services/wishlist";
import { paginate } from "../lib/pagination";
import { linkOrigin } from "../lib/mail";
import { notifyRestocked } from "../services/showroom-requests";
import { listQuerySchema } from "../../src/api/contract/common";

export function accountRoutes(d: Deps) {
  const r = new Hono<AppEnv>();
  const { store, catalog } = d;

  r.use("*", noStore);

  const addressOf = (customerId: number, id: number) => customerAddress(store, customerId, id);

  const view = (a: NonNullable<Awaited<ReturnType<typeof addressOf>>>) => {
    const { customer_id: _c, email: _e, ...rest } = addressView(a);
    return { ...rest, is_default: a.is_default === 1 };
  };

  const addressBody = async (c: Ctx) => {
    const raw = await readJson(c);
    if (typeof raw.address1 === "string")
      throw new HttpError(422, {
        message: "address1 must be an array.",
        errors: { address1: ["address1 must be an array."] },
      });
    return parseWith(addressInputSchema, raw);
  };

  r.get("/addresses", async (c) => {
    const customer = requireCustomer(c.get("auth"));
    return c.json({ data: (await customerAddresses(store, customer.id)).map(view) });
  });

  r.get("/addresses/:id", async (c) => {
    const customer = requireCustomer(c.get("auth"));
    const a = await addressOf(customer.id, idParam(c));
    if (!a) throw notFound();
    return c.json({ data: view(a) });
  });

  const save = async (c: Ctx, id: number | null) => {
    const customer = requireCustomer(c.get("auth"));
    if (id !== null && !(await addressOf(customer.id, id))) throw notFound();
    const b = await addressBody(c);
    const now = nowIso();
    const isDefault = b.default_address ?? b.is_default;
    const values = {
      first_name: b.first_name ?? customer.first_name,
      last_name: b.last_name ?? customer.last_name,
      email: customer.email,
      company_name: b.company_name ?? null,
      vat_id: b.vat_id ?? null,
      address1: b.address1.filter((l) => l.length).join("\n"),
      country: b.country.toUpperCase(),
      state: b.state ?? null,
      city: b.city,
      postcode: b.postcode,
      phone: b.phone,
      updated_at: now,
    };
    const savedId = await saveCustomerAddress(store, customer.id, id, values, isDefault, now);
    return c.json({
      message:
        id === null
          ? "Your address has been created successfully."
          : "Your address has been updated successfully.",
      data: view((await addressOf(customer.id, savedId))!),
    });
  };
  r.post("/addresses/create", (c) => save(c, null));
  r.put("/addresses/:id", (c) => save(c, idParam(c)));

  r.delete("/addresses/:id", async (c) => {
    const customer = requireCustomer(c.get("auth"));
    if (!(await deleteCustomerAddress(store, customer.id, idParam(c)))) throw notFound();
    return c.json({ message: "Item removed successfully." });
  });

  r.get("/orders", async (c) => {
    const customer = requireCustomer(c.get("auth"));
    const q = parseQuery(c, listQuerySchema);
    const page = q.page ?? 1;
    const limit = q.limit ?? 10;
    const status = c.req.query("status");
    const statuses = status ? status.split(",").slice(0, 10) : null;
    const { total, rows } = await customerOrders(store, customer.id, statuses, page, limit);
    const views = await orderViews(store, catalog, rows);
    if (q.pagination === "0") return c.json({ data: views });
    return c.json(paginate(linkUrl(c), views, total, { page, limit, limitRaw: c.req.query("limit") }));
  });

  /** A customer's order by token, or a guest's order from the same session cookie (the success page). */
  const visibleOrder = async (c: Ctx): Promise<OrderRow> => {
    const id = idParam(c);
    const auth = c.get("auth");
    if (auth.state === "invalid") throw new HttpError(401, { error: "Unauthenticated" });
    const order = await orderById(store, id);
    if (!order) throw notFound();
    const session = sessionHash(c);
    const mine = auth.customer ? order.customer_id === auth.customer.id : false;
    const guestMine = order.customer_id === null && session !== null && order.session_hash === session;
    if (!mine && !guestMine) {
      if (!auth.customer && !session) throw new HttpError(401, { error: "Unauthenticated" });
      throw notFound();
    }
    return order;
  };

  r.get("/orders/:id", async (c) =>
    c.json({ data: (await orderViews(store, catalog, [await visibleOrder(c)]))[0] }),
  );

  r.post("/orders/:id/cancel", async (c) => {
    const order = await visibleOrder(c);
    if (order.status !== "pending")
      return c.json({ status: false, message: "Something went wrong, please try again later." }, 422);
    const restocked = await cancelPendingOrder(store, catalog, order.id);
    if (!restocked)
      return c.json({ status: false, message: "Something went wrong, please try again later." }, 422);
    // A size that was out is back: those waiting for it hear so (decision 049). The cancel stands either way.
    for (const v of restocked)
      await notifyRestocked(d, v.productId, v.variantId, linkOrigin(c)).catch((err: unknown) =>
        d.log.warn("back-in-stock mails not sent", { error: String(err) }),
      );
    return c.json({ status: true, message: "Order canceled successfully." });
  });

  r.get("/wishlist", async (c) => {
    const customer = requireCustomer(c.get("auth"));
    const q = parseQuery(c, listQuerySchema);
    const page = q.page ?? 1;
    const limit = q.limit ?? 10;
    const { total, rows } = await wishlistPage(store, customer.id, q.pagination !== "0" ? page : null, limit);
    const products = new Map(
      (
        await catalog.views(
          rows.map((w) => w.product_id),
          { wishlisted: new Set(rows.map((w) => w.product_id)) },
        )
      ).map((p) => [p.id, p]),
    );
    const items = rows
      .filter((w) => products.has(w.product_id))
      .map((w) => ({
        id: w.id,
        product: products.get(w.product_id),
        created_at: w.created_at,
        updated_at: w.updated_at,
      }));
    if (q.pagination === "0") return c.json({ data: items });
    return c.json(paginate(linkUrl(c), items, total, { page, limit, limitRaw: c.req.query("limit") }));
  });

  r.get("/wishlist/add/:id", async (c) => {
    const customer = requireCustomer(c.get("auth"));
    const productId = idParam(c);
    if (!(await catalog.productRows([productId])).length) throw notFound();
    const now = nowIso();
    const id = await toggleWishlistItem(store, customer.id, productId, now);
    if (id === null) return c.json({ data: null, message: "Item removed from wishlist successfully." });
    const [product] = await catalog.views([productId], { wishlisted: new Set([productId]) });
    return c.json({
      data: { id, product, created_at: now, updated_at: now },
      message: "Item Successfully Added To Wishlist",
    });
  });

  r.delete("/wishlist/:id", async (c) => {
    const customer = requireCustomer(c.get("auth"));
    if (!(await removeWishlistItem(store, customer.id, idParam(c)))) throw notFound();
    return c.json({ message: "Item removed successfully." });
  });

  return r;
}
