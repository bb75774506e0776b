import { Hono } from "hono";
import { addressInputSchema } from "../../src/api/contract/address";
import type { AppEnv, Ctx, Deps } from "../context";
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
import { orderViews, type OrderRow } from "../lib/orders";
import { paginate } from "../lib/pagination";
import { listQuerySchema } from "../../src/api/contract/common";

export function accountRoutes(d: Deps) {
  const r = new Hono<AppEnv>();
  const { store, catalog } = d;

  r.use("*", noStore);

  const addressOf = async (customerId: number, id: number) =>
    await store.first(
      store.qb
        .selectFrom("customer_addresses")
        .selectAll()
        .where("id", "=", id)
        .where("customer_id", "=", customerId),
    );

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
    const rows = await store.all(
      store.qb
        .selectFrom("customer_addresses")
        .selectAll()
        .where("customer_id", "=", customer.id)
        .orderBy("id"),
    );
    return c.json({ data: rows.map(view) });
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
    const savedId = await store.tx(async () => {
      if (isDefault)
        await store.run(
          store.qb
            .updateTable("customer_addresses")
            .set({ is_default: 0 })
            .where("customer_id", "=", customer.id),
        );
      if (id === null) {
        return await store.insert(
          store.qb
            .insertInto("customer_addresses")
            .values({ ...values, customer_id: customer.id, is_default: isDefault ? 1 : 0, created_at: now }),
        );
      }
      await store.run(
        store.qb
          .updateTable("customer_addresses")
          .set({ ...values, ...(isDefault !== undefined ? { is_default: isDefault ? 1 : 0 } : {}) })
          .where("id", "=", id),
      );
      return id;
    });
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
    const res = await store.run(
      store.qb
        .deleteFrom("customer_addresses")
        .where("id", "=", idParam(c))
        .where("customer_id", "=", customer.id),
    );
    if (!res.changes) throw notFound();
    return c.json({ message: "Item removed successfully." });
  });

  r.get("/orders", async (c) => {
    const customer = requireCustomer(c.get("auth"));
    const q = parseQuery(c, listQuerySchema);
    const page = q.page ?? 1;
    const limit = q.limit ?? 10;
    const status = c.req.query("status");
    let base = store.qb.selectFrom("orders").where("customer_id", "=", customer.id);
    if (status) base = base.where("status", "in", status.split(",").slice(0, 10));
    const total = (await store.first(base.select((eb) => eb.fn.countAll<number>().as("n"))))?.n ?? 0;
    const rows = (await store.all(
      base
        .selectAll()
        .orderBy("id", "desc")
        .limit(limit)
        .offset((page - 1) * limit),
    )) as OrderRow[];
    const views = await orderViews(store, catalog, rows);
    if (q.pagination === "0") return c.json({ data: views });
    return c.json(paginate(linkUrl(c), views, total, { page, limit, limitRaw: c.req.query("limit") }));
  });

  /** A customer's order by token, or a guest's order from the same session cookie (the success page). */
  const visibleOrder = async (c: Ctx): Promise<OrderRow> => {
    const id = idParam(c);
    const auth = c.get("auth");
    if (auth.state === "invalid") throw new HttpError(401, { error: "Unauthenticated" });
    const order = (await store.first(store.qb.selectFrom("orders").selectAll().where("id", "=", id))) as
      OrderRow | undefined;
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
    // In a transaction; its stock log rows are then known here for this instance's own (Catalog.touch).
    const { value: items, own } = await catalog.stockWrites(async () => {
      // The order changes state once: the guarded transition comes first, and only the request whose
      // transition changed the row puts the stock back (a concurrent cancel, on any instance, changes nothing).
      const canceled = await store.run(
        store.qb
          .updateTable("orders")
          .set({ status: "canceled", updated_at: nowIso() })
          .where("id", "=", order.id)
          .where("status", "=", "pending"),
      );
      if (!canceled.changes) return null;
      const items = await store.all(
        store.qb.selectFrom("order_items").selectAll().where("order_id", "=", order.id),
      );
      await catalog.lockProducts(items.map((i) => i.product_id));
      for (const i of items) {
        if (i.variant_id)
          await store.run(
            store.qb
              .updateTable("product_variants")
              .set((eb) => ({ stock: eb("stock", "+", i.qty_ordered) }))
              .where("id", "=", i.variant_id),
          );
        else
          await store.run(
            store.qb
              .updateTable("products")
              .set((eb) => ({ stock: eb("stock", "+", i.qty_ordered) }))
              .where("id", "=", i.product_id),
          );
      }
      return items;
    });
    if (!items)
      return c.json({ status: false, message: "Something went wrong, please try again later." }, 422);
    catalog.touch(
      items.map((i) => i.product_id),
      own,
    );
    return c.json({ status: true, message: "Order canceled successfully." });
  });

  r.get("/wishlist", async (c) => {
    const customer = requireCustomer(c.get("auth"));
    const q = parseQuery(c, listQuerySchema);
    const page = q.page ?? 1;
    const limit = q.limit ?? 10;
    const base = store.qb.selectFrom("wishlist_items").where("customer_id", "=", customer.id);
    const total = (await store.first(base.select((eb) => eb.fn.countAll<number>().as("n"))))?.n ?? 0;
    let rowsQ = base.selectAll().orderBy("id", "desc");
    if (q.pagination !== "0") rowsQ = rowsQ.limit(limit).offset((page - 1) * limit);
    const rows = await store.all(rowsQ);
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
    const existing = await store.first(
      store.qb
        .selectFrom("wishlist_items")
        .selectAll()
        .where("customer_id", "=", customer.id)
        .where("product_id", "=", productId),
    );
    if (existing) {
      await store.run(store.qb.deleteFrom("wishlist_items").where("id", "=", existing.id));
      return c.json({ data: null, message: "Item removed from wishlist successfully." });
    }
    const now = nowIso();
    const id = await store.insert(
      store.qb
        .insertInto("wishlist_items")
        .values({ customer_id: customer.id, product_id: productId, created_at: now, updated_at: now }),
    );
    const [product] = await catalog.views([productId], { wishlisted: new Set([productId]) });
    return c.json({
      data: { id, product, created_at: now, updated_at: now },
      message: "Item Successfully Added To Wishlist",
    });
  });

  r.delete("/wishlist/:id", async (c) => {
    const customer = requireCustomer(c.get("auth"));
    const res = await store.run(
      store.qb
        .deleteFrom("wishlist_items")
        .where("id", "=", idParam(c))
        .where("customer_id", "=", customer.id),
    );
    if (!res.changes) throw notFound();
    return c.json({ message: "Item removed successfully." });
  });

  return r;
}
