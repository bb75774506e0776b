import { afterAll, describe, expect, it } from "vitest";
import { STOCK_ERROR_MESSAGE } from "../src/api/contract/cart";
import { OTP_MAX_ATTEMPTS } from "../src/api/contract/customer";
import type { App } from "./app";
import type { Store } from "./db/store";
import {
  CHECKOUT_ADDRESS,
  makeApp,
  makeStorePair,
  readCart,
  readyCheckout,
  seeded,
  shopper,
  testDialect,
  withKey,
  type Item,
  type Reply,
  type Shopper,
} from "./test-utils";

/**
 * Issue 36: the shop's invariants under shoppers acting at the same moment. Every race here sends its
 * requests at once (Promise.all) to two instances of the shop on one database (two pools on one PostgreSQL
 * database in the `postgres` project; in the `unit` project two apps over one SQLite connection) and then
 * checks what the database holds against what may happen. Each race is run several times, its senders
 * shuffled by a seeded generator, so that one lucky interleaving does not pass it.
 */

const ROUNDS = 4;
/** The log-in race's rounds: its window is narrow, so it is run more often. */
const LOGIN_ROUNDS = 16;

/** Each request to the next instance in turn, as a load balancer without affinity sends them. */
function balancer(apps: App[], start = 0): Pick<App, "request"> {
  let next = start;
  return { request: (...args: Parameters<App["request"]>) => apps[next++ % apps.length]!.request(...args) };
}

let stores: Store[] = [];
async function twoInstances(): Promise<{ apps: App[]; db: Store }> {
  const [a, b] = await makeStorePair();
  stores.push(a);
  if (b !== a) stores.push(b);
  return { apps: [await makeApp({ store: a }), await makeApp({ store: b })], db: a };
}
afterAll(async () => {
  for (const s of stores) await s.close();
  stores = [];
});

/**
 * Items no test of the file has read yet (so no instance has cached their stock): the three simple products
 * first, then the first variant of each configurable product.
 */
async function freshItems(db: Store): Promise<Item[]> {
  const simple = await db.raw<{ id: number }>("select id from products where type = 'simple' order by id");
  const variants = await db.raw<{ id: number; product_id: number }>(
    "select min(id) as id, product_id from product_variants group by product_id order by product_id",
  );
  return [
    ...simple.map((p) => ({ product: Number(p.id) })),
    ...variants.map((v) => ({ product: Number(v.product_id), variant: Number(v.id) })),
  ];
}

const setStock = (db: Store, item: Item, stock: number) =>
  item.variant
    ? db.rawRun("update product_variants set stock = ? where id = ?", [stock, item.variant])
    : db.rawRun("update products set stock = ? where id = ?", [stock, item.product]);

const stockOf = async (db: Store, item: Item) =>
  Number(
    (
      await db.raw<{ stock: number }>(
        item.variant
          ? "select stock from product_variants where id = ?"
          : "select stock from products where id = ?",
        [item.variant ?? item.product],
      )
    )[0]!.stock,
  );

const soldOf = async (db: Store, item: Item) =>
  Number(
    (
      await db.raw<{ n: number }>(
        item.variant
          ? "select coalesce(sum(qty_ordered), 0) as n from order_items where variant_id = ?"
          : "select coalesce(sum(qty_ordered), 0) as n from order_items where product_id = ?",
        [item.variant ?? item.product],
      )
    )[0]!.n,
  );

const countOrders = async (db: Store) =>
  Number((await db.raw<{ n: number }>("select count(*) as n from orders"))[0]!.n);

/** Once the customer has a log-in token (or the pending reply came without one). */
async function tokenIssued(db: Store, customerId: number, pending: Promise<Reply>): Promise<void> {
  let done = false;
  void pending.finally(() => (done = true));
  while (!done) {
    const [row] = await db.raw<{ n: number }>("select count(*) as n from auth_tokens where customer_id = ?", [
      customerId,
    ]);
    if (Number(row!.n) > 0) return;
    await new Promise((r) => setImmediate(r));
  }
}

const RACER_PASSWORD = "correct-horse-1";

/** A new account with this e-mail (and RACER_PASSWORD); its id. */
async function register(app: App, email: string): Promise<number> {
  const r = await shopper(app).post("/api/customer/register", {
    first_name: "Login",
    last_name: "Race",
    email,
    password: RACER_PASSWORD,
    password_confirmation: RACER_PASSWORD,
  });
  expect(r.status, r.text).toBe(200);
  return r.json.data.id as number;
}

/**
 * A guest's keyed write and the same guest's log-in at the same moment, each to its own instance (picked by
 * `rng`), both with the guest's cookie: sent together (either first), or the write as soon as the log-in
 * has checked the password and issued its token, that is as its merge begins (without this the write nearly
 * always comes first). Answers both replies, the instance of the write and the shopper who logged in.
 */
async function withLogIn(
  rng: ReturnType<typeof seeded>,
  db: Store,
  apps: App[],
  guest: { customerId: number; email: string; cookie: string },
  write: { path: string; key: string; body?: unknown },
): Promise<{ written: Reply; login: Reply; writeAt: App; customer: Shopper }> {
  const [writeAt, loginAt] = rng.shuffle(apps);
  const customer = shopper(loginAt!);
  const send = () =>
    shopper(writeAt!).req("POST", write.path, {
      headers: { Cookie: guest.cookie, "Idempotency-Key": write.key },
      body: write.body,
    });
  const sendLogin = () =>
    customer.req("POST", "/api/customer/login?token=true", {
      headers: { Cookie: guest.cookie },
      body: { email: guest.email, password: RACER_PASSWORD },
    });
  const start = rng.pick(["write first", "log-in first", "at the merge"] as const);
  let written: Reply;
  let login: Reply;
  if (start === "write first") [written, login] = await Promise.all([send(), sendLogin()]);
  else if (start === "log-in first") [login, written] = await Promise.all([sendLogin(), send()]);
  else {
    const pending = sendLogin();
    await tokenIssued(db, guest.customerId, pending);
    [written, login] = await Promise.all([send(), pending]);
  }
  return { written, login, writeAt: writeAt!, customer };
}

/** How many units of the item the customer's active cart holds, as stored. */
async function inCustomerCart(db: Store, customerId: number, item: Item): Promise<number> {
  const [row] = await db.raw<{ n: number }>(
    `select coalesce(sum(i.quantity), 0) as n from cart_items i join carts c on c.id = i.cart_id
     where c.customer_id = ? and c.is_active = 1 and i.product_id = ?`,
    [customerId, item.product],
  );
  return Number(row!.n);
}

/** The cookie a reply set ("" when it set none). */
const setCookie = (r: Reply) => (r.headers.get("set-cookie") ?? "").split(";")[0]!;

const statuses = (replies: Reply[]) => replies.map((r) => r.status).sort();

describe(`many shoppers at once on two instances (${testDialect})`, () => {
  it("sells the last unit once: one order is placed, every other checkout is refused and keeps its cart", async () => {
    const { apps, db } = await twoInstances();
    const items = await freshItems(db);
    const rng = seeded(36_001);
    for (let round = 0; round < ROUNDS; round++) {
      // A simple product's last unit (products.stock), then a variant's (product_variants.stock).
      const item = items[round === 0 ? 0 : 2 + round]!;
      await setStock(db, item, 1);
      const guests = await Promise.all(
        Array.from({ length: 8 }, (_, i) => readyCheckout(shopper(balancer(apps, i)), item)),
      );
      const before = await soldOf(db, item);
      const order = rng.shuffle(guests);
      const replies = await Promise.all(
        order.map((g, i) => g.post("/api/checkout/save-order", undefined, withKey(`last-${round}-${i}`))),
      );
      expect(statuses(replies), `round ${round}`).toEqual([200, 422, 422, 422, 422, 422, 422, 422]);
      for (const r of replies.filter((r) => r.status === 422))
        expect(r.json.message).toBe(STOCK_ERROR_MESSAGE);
      expect(await stockOf(db, item)).toBe(0);
      expect(await soldOf(db, item)).toBe(before + 1);
      // The refused shoppers lost nothing: their carts still hold the unit they wanted.
      const refused = order.filter((_, i) => replies[i]!.status === 422);
      let kept = 0;
      for (const g of refused) {
        const cart = await readCart(g);
        if (cart?.items.some((it) => it.product?.id === item.product && it.quantity === 1)) kept++;
      }
      expect(kept).toBe(7);
    }
  }, 120_000);

  it("turns one cart into at most one order, however many times it is submitted", async () => {
    const { apps, db } = await twoInstances();
    const items = await freshItems(db);
    const rng = seeded(36_002);
    for (let round = 0; round < ROUNDS; round++) {
      const item = items[10 + round]!;
      const stock = await stockOf(db, item);
      const guest = await readyCheckout(shopper(balancer(apps)), item, 2);
      const orders = await countOrders(db);
      // Five tabs (or a reload and a retry), each with its own key, each to either instance.
      const replies = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          shopper({ request: (...a: Parameters<App["request"]>) => rng.pick(apps).request(...a) }).req(
            "POST",
            "/api/checkout/save-order",
            { headers: { Cookie: guest.cookie, "Idempotency-Key": `tab-${round}-${i}` } },
          ),
        ),
      );
      expect(
        replies.filter((r) => r.status === 200),
        `round ${round}`,
      ).toHaveLength(1);
      for (const r of replies.filter((r) => r.status !== 200))
        expect(r.json.message).toBe("Your cart is empty.");
      expect(await countOrders(db)).toBe(orders + 1);
      expect(await stockOf(db, item)).toBe(stock - 2);
    }
  }, 120_000);

  it("places a guest's order or refuses it cleanly while the same guest changes the address on the other instance", async () => {
    // Order placement moves the guest's session inside its transaction (carts, then orders), as a
    // save-address's rotation does on its own (decision 056): the two never wait on each other in a circle.
    const { apps, db } = await twoInstances();
    const items = await freshItems(db);
    const rng = seeded(36_007);
    for (let round = 0; round < ROUNDS; round++) {
      const item = items[36 + round]!;
      const stock = await stockOf(db, item);
      const guest = await readyCheckout(shopper(balancer(apps)), item);
      const orders = await countOrders(db);
      const send = (path: string, body: unknown, i: number) =>
        shopper(apps[(round + i) % 2]!).req("POST", path, {
          headers: { Cookie: guest.cookie, "Idempotency-Key": `move-${round}-${i}` },
          body,
        });
      const address = {
        billing: { ...CHECKOUT_ADDRESS, use_for_shipping: true },
        shipping: { address1: [""] },
      };
      const replies = await Promise.all(
        rng
          .shuffle([0, 1, 2, 3])
          .map((i) =>
            i === 0
              ? send("/api/checkout/save-order", undefined, i)
              : send("/api/checkout/save-address", address, i),
          ),
      );
      // Nothing failed (a deadlock or a lock timeout would be a 500), and what was placed is in the database.
      for (const r of replies) expect(r.status, `round ${round}: ${r.text}`).toBeLessThan(500);
      const placed = replies.filter((r) => r.status === 200 && r.json.order).length;
      expect(placed, `round ${round}`).toBeLessThanOrEqual(1);
      expect(await countOrders(db)).toBe(orders + placed);
      expect(await stockOf(db, item)).toBe(stock - placed);
    }
  }, 120_000);

  it("places a guest's order or merges its cart at log-in, never both nor neither, when the two reach different instances at once", async () => {
    // Log-in moves the guest's session and merges its cart into the customer's; order placement moves the
    // same session and claims the same cart. Whichever comes second finds the cart gone.
    const { apps, db } = await twoInstances();
    const items = await freshItems(db);
    const rng = seeded(36_011);
    const quantity = 2;
    for (let round = 0; round < LOGIN_ROUNDS; round++) {
      // The last five items, each raced a few times: enough stock for every round to place its order.
      const item = items[items.length - 1 - (round % 5)]!;
      if (round < 5) await setStock(db, item, 20);
      const stock = await stockOf(db, item);
      const email = `login-race${round}@example.com`;
      const customerId = await register(apps[0]!, email);
      const guest = await readyCheckout(shopper(balancer(apps)), item, quantity);
      const orders = await countOrders(db);
      const sold = await soldOf(db, item);
      const race = await withLogIn(
        rng,
        db,
        apps,
        { customerId, email, cookie: guest.cookie },
        { path: "/api/checkout/save-order", key: `login-race-${round}` },
      );
      const { written: order, login, customer } = race;

      // The log-in always succeeds; the order is placed, or refused because the log-in took the cart first.
      expect(login.status, `round ${round}: ${login.text}`).toBe(200);
      expect(login.json.message).toBe("Logged in successfully.");
      if (order.status !== 200) {
        expect(order.status, `round ${round}: ${order.text}`).toBe(400);
        expect(order.json.message).toBe("Your cart is empty.");
      }
      const placed = order.status === 200 ? 1 : 0;
      expect(await countOrders(db)).toBe(orders + placed);
      expect(await stockOf(db, item)).toBe(stock - quantity * placed);
      // The cart's lines are in the order or in the customer's cart: not both, not neither.
      const ordered = (await soldOf(db, item)) - sold;
      expect([ordered, await inCustomerCart(db, customerId, item)], `round ${round}`).toEqual(
        placed ? [quantity, 0] : [0, quantity],
      );
      // What the cookies and the token handed back lead to: the customer, logged in, sees that cart; the
      // guest's new session sees its order.
      customer.setToken(login.json.token as string);
      expect((await customer.get("/api/customer/get")).json.data.email).toBe(email);
      const cart = await readCart(customer);
      expect(cart?.items.find((i) => i.product?.id === item.product)?.quantity ?? 0).toBe(
        placed ? 0 : quantity,
      );
      if (placed) {
        const success = await shopper(race.writeAt).req(
          "GET",
          `/api/orders/${order.json.order.id as number}`,
          {
            headers: { Cookie: setCookie(order) },
          },
        );
        expect(success.status, success.text).toBe(200);
      }
    }
  }, 240_000);

  it("keeps a guest's cart once, in the customer's cart or under the new address's session, when the guest logs in while saving the address on the other instance", async () => {
    // Both rotate the guest's session. A save-address that rotates first keeps the cart under its own new
    // id (the log-in's move then finds nothing to merge); a log-in first merges it and the save-address
    // finds its cart closed. Decision 060 says what is left: which cookie the browser keeps.
    const { apps, db } = await twoInstances();
    const items = await freshItems(db);
    const rng = seeded(36_012);
    const address = {
      billing: { ...CHECKOUT_ADDRESS, use_for_shipping: true },
      shipping: { address1: [""] },
    };
    for (let round = 0; round < LOGIN_ROUNDS; round++) {
      const item = items[items.length - 1 - (round % 5)]!;
      const email = `address-race${round}@example.com`;
      const customerId = await register(apps[0]!, email);
      const [before] = await db.raw<{ id: number }>("select coalesce(max(id), 0) as id from carts");
      const guest = await readyCheckout(shopper(balancer(apps)), item);
      const race = await withLogIn(
        rng,
        db,
        apps,
        { customerId, email, cookie: guest.cookie },
        { path: "/api/checkout/save-address", key: `address-race-${round}`, body: address },
      );
      const { written: saved, login, customer } = race;

      expect(login.status, `round ${round}: ${login.text}`).toBe(200);
      if (saved.status !== 200) {
        expect(saved.status, `round ${round}: ${saved.text}`).toBe(400);
        expect(saved.json.message).toBe("Your cart is empty.");
      }
      // The unit is stored once, in an active cart of this round: the customer's, or the guest's under the
      // cookie the saved address handed back.
      const [stored] = await db.raw<{ n: number }>(
        `select coalesce(sum(i.quantity), 0) as n from cart_items i join carts c on c.id = i.cart_id
         where c.is_active = 1 and c.id > ? and i.product_id = ?`,
        [Number(before!.id), item.product],
      );
      expect(Number(stored!.n), `round ${round}`).toBe(1);
      const merged = await inCustomerCart(db, customerId, item);
      customer.setToken(login.json.token as string);
      expect(
        (await readCart(customer))?.items.find((i) => i.product?.id === item.product)?.quantity ?? 0,
      ).toBe(merged);
      if (!merged) {
        expect(saved.status, `round ${round}: ${saved.text}`).toBe(200);
        const kept = shopper(race.writeAt);
        const cart = await kept.req("GET", "/api/checkout/cart", { headers: { Cookie: setCookie(saved) } });
        expect(cart.json.data.items.map((i: { quantity: number }) => i.quantity)).toEqual([1]);
      }
    }
  }, 240_000);

  it("cancels an order once: the stock comes back once, whatever the number of concurrent cancels", async () => {
    const { apps, db } = await twoInstances();
    const items = await freshItems(db);
    for (let round = 0; round < ROUNDS; round++) {
      const item = items[round === 0 ? 0 : 20 + round]!;
      const stock = await stockOf(db, item);
      const guest = await readyCheckout(shopper(balancer(apps)), item);
      const placed = await guest.post("/api/checkout/save-order");
      expect(placed.status).toBe(200);
      const orderId = placed.json.order.id as number;
      expect(await stockOf(db, item)).toBe(stock - 1);
      const replies = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          shopper(apps[i % 2]!).req("POST", `/api/orders/${orderId}/cancel`, {
            headers: { Cookie: guest.cookie },
          }),
        ),
      );
      const ok = replies.filter((r) => r.status === 200);
      expect(ok.map((r) => r.json.message)).toEqual(["Order canceled successfully."]);
      expect(replies.filter((r) => r.status === 422)).toHaveLength(9);
      expect(await stockOf(db, item)).toBe(stock);
      const [order] = await db.raw<{ status: string }>("select status from orders where id = ?", [orderId]);
      expect(order!.status).toBe("canceled");
    }
  }, 120_000);

  it(`compares at most ${OTP_MAX_ATTEMPTS} guesses of a one-time code, however many arrive at once`, async () => {
    const { apps, db } = await twoInstances();
    for (let round = 0; round < ROUNDS; round++) {
      const phone = `+4477009100${String(round).padStart(2, "0")}`;
      const sender = shopper(apps[0]!);
      expect((await sender.post("/api/send-verification-code", { phone })).status).toBe(200);
      const code = (await sender.get(`/api/test/last-otp?phone=${encodeURIComponent(phone)}`)).json
        .code as string;
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
      const replies = await Promise.all(
        Array.from({ length: 19 }, (_, i) =>
          shopper(apps[i % 2]!).post("/api/verify-code", { phone, code: wrong }),
        ),
      );
      const invalid = replies.filter((r) => r.json.message === "The code is invalid.").length;
      const refused = replies.filter(
        (r) => r.json.message === "Too many attempts. Please request a new code.",
      );
      expect(invalid + refused.length).toBe(19);
      // The fifth compared guess already answers "Too many attempts": at most four say "invalid".
      expect(invalid).toBeLessThanOrEqual(OTP_MAX_ATTEMPTS - 1);
      const [row] = await db.raw<{ attempts: number }>(
        "select attempts from otp_codes where phone = ? order by id desc limit 1",
        [phone],
      );
      expect(Number(row?.attempts ?? -1)).toBe(OTP_MAX_ATTEMPTS);
      // The right code no longer logs in: the code was spent by the guesses.
      const right = await shopper(apps[1]!).post("/api/verify-code", { phone, code });
      expect(right.json.status).toBe(false);
      expect(right.json.token).toBeUndefined();
    }
  }, 120_000);

  it("keeps one account per e-mail when the same e-mail registers on both instances at once", async () => {
    const { apps, db } = await twoInstances();
    for (let round = 0; round < ROUNDS; round++) {
      const email = `race${round}@example.com`;
      const replies = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          shopper(apps[i % 2]!).post("/api/customer/register", {
            first_name: "Race",
            last_name: `Number${i}`,
            email,
            password: "correct-horse-1",
            password_confirmation: "correct-horse-1",
          }),
        ),
      );
      expect(statuses(replies)).toEqual([200, 422, 422, 422, 422, 422]);
      for (const r of replies.filter((r) => r.status === 422))
        expect(r.json.errors.email).toEqual(["The email has already been taken."]);
      const [n] = await db.raw<{ n: number }>("select count(*) as n from customers where email = ?", [email]);
      expect(Number(n!.n)).toBe(1);
    }
  }, 120_000);

  it("applies one Idempotency-Key once when it reaches both instances many times at once", async () => {
    const { apps, db } = await twoInstances();
    const product = (await freshItems(db))[0]!.product;
    for (let round = 0; round < ROUNDS; round++) {
      const guest = shopper(apps[0]!);
      expect((await guest.post(`/api/checkout/cart/add/${product}`, { quantity: 1 })).status).toBe(200);
      const replies = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          shopper(apps[i % 2]!).req("POST", `/api/checkout/cart/add/${product}`, {
            body: { quantity: 1 },
            headers: { Cookie: guest.cookie, "Idempotency-Key": `same-key-${round}` },
          }),
        ),
      );
      for (const r of replies) expect([200, 409]).toContain(r.status);
      expect(replies.some((r) => r.status === 200)).toBe(true);
      const cart = (await readCart(guest))!;
      expect(cart.items.map((i) => [i.product?.id, i.quantity])).toEqual([[product, 2]]);
    }
  }, 120_000);

  it("refuses any write that would take stock below zero", async () => {
    const { db } = await twoInstances();
    const item = (await freshItems(db))[0]!;
    await expect(db.rawRun("update products set stock = -1 where id = ?", [item.product])).rejects.toThrow();
    const [variant] = await db.raw<{ id: number }>("select id from product_variants order by id limit 1");
    await expect(
      db.rawRun("update product_variants set stock = -3 where id = ?", [variant!.id]),
    ).rejects.toThrow();
    expect(await stockOf(db, item)).toBeGreaterThan(5);
  });
});

/**
 * Issue 36 item 5, PostgreSQL (SQLite writes one transaction at a time): a stock write locks the rows it
 * writes and nothing shared. A transaction that has written one product's stock and is still open (an order
 * half-way) leaves the checkout and the cancellation of another product free, and makes a checkout of the
 * same product wait. Waiting is read from PostgreSQL itself (a backend of the test database waiting on a
 * lock), never from a clock.
 */
describe.runIf(testDialect === "postgres")("orders of different products (postgres)", () => {
  /** "waited" as soon as a backend of the database waits on a lock while `pending` runs, else "done". */
  async function waitsOnALock(watch: Store, pending: Promise<Reply>): Promise<"waited" | "done"> {
    let done = false;
    void pending.finally(() => (done = true));
    for (;;) {
      if (done) return "done";
      const [row] = await watch.raw<{ n: number }>(
        "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      if (Number(row!.n) > 0) return "waited";
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  it("a half-done order of one product lets another product's checkout and cancellation through, and holds one of its own product", async () => {
    const { apps, db } = await twoInstances();
    const items = (await freshItems(db)).filter((i) => i.variant);
    const [held, other, cancelled] = [items[30]!, items[31]!, items[32]!];
    const pg = await import("pg");
    const open = new pg.default.Client({ connectionString: (db as unknown as { url: string }).url });
    await open.connect();
    try {
      const toCancel = await readyCheckout(shopper(balancer(apps)), cancelled);
      const placed = await toCancel.post("/api/checkout/save-order");
      expect(placed.status).toBe(200);
      const guest = await readyCheckout(shopper(balancer(apps, 1)), other);
      const same = await readyCheckout(shopper(balancer(apps)), held);

      await open.query("begin");
      await open.query("update product_variants set stock = stock - 1 where id = $1", [held.variant]);
      // Another product's order and another order's cancellation, on either instance: neither waits.
      const order = guest.post("/api/checkout/save-order");
      expect(await waitsOnALock(db, order)).toBe("done");
      expect((await order).status).toBe(200);
      const cancel = shopper(apps[1]!).req("POST", `/api/orders/${placed.json.order.id as number}/cancel`, {
        headers: { Cookie: toCancel.cookie },
      });
      expect(await waitsOnALock(db, cancel)).toBe("done");
      expect((await cancel).json.message).toBe("Order canceled successfully.");
      // The same product's order waits for the open transaction, then goes through.
      const blocked = same.post("/api/checkout/save-order");
      expect(await waitsOnALock(db, blocked)).toBe("waited");
      await open.query("rollback");
      expect((await blocked).status).toBe(200);
    } finally {
      await open.end();
    }
  }, 120_000);
});
