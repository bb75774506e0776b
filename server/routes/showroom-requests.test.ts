import { afterAll, describe, expect, it } from "vitest";
import {
  addDays,
  DATE_OUT_OF_RANGE,
  EMAIL_INVALID,
  isoDay,
  NO_SUCH_PRODUCT,
  NO_SUCH_SIZE,
  SLOT_UNKNOWN,
} from "../../src/api/contract/showroom";
import type { MailMessage } from "../lib/mail";
import type { Store } from "../db/store";
import { STAFF_ACCOUNT } from "../seed/content";
import { notifyRestocked } from "../services/showroom-requests";
import { makeApp, makeStorePair, readyCheckout, shopper, withKey } from "../test-utils";

/** A configurable product's variant that is out of stock, with its size. */
async function soldOut(db: Store) {
  const [v] = await db.raw<{ id: number; product_id: number; size: string }>(
    "select id, product_id, size from product_variants where stock = 0 order by id limit 1",
  );
  return { variantId: Number(v!.id), productId: Number(v!.product_id), size: v!.size };
}

const count = async (db: Store, table: "test_rides" | "stock_alerts") =>
  Number((await db.raw<{ n: number }>(`select count(*) as n from ${table}`))[0]!.n);

function mailbox() {
  const sent: MailMessage[] = [];
  return {
    sent,
    mailer: { name: "test", from: "shop@localhost", send: async (m: MailMessage) => void sent.push(m) },
  };
}

const today = () => isoDay(new Date());

let stores: Store[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
  stores = [];
});

describe("test rides and back-in-stock requests (issue 40 item 4)", () => {
  it("refuses what is wrong with a clear 422: product, size, date, slot, e-mail", async () => {
    const app = await makeApp();
    const { productId, size } = await soldOut(app.deps.store);
    const s = shopper(app);
    const ride = {
      product_id: productId,
      size,
      date: addDays(today(), 3),
      slot: "14:00",
      email: "a@example.test",
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ride, product_id: 999999 }, NO_SUCH_PRODUCT],
      [{ ...ride, size: "xxxl" }, NO_SUCH_SIZE],
      [{ ...ride, date: addDays(today(), -1) }, DATE_OUT_OF_RANGE],
      [{ ...ride, date: addDays(today(), 61) }, DATE_OUT_OF_RANGE],
      [{ ...ride, date: "2026-02-30" }, DATE_OUT_OF_RANGE],
      [{ ...ride, slot: "03:00" }, SLOT_UNKNOWN],
      [{ ...ride, email: "not-an-address" }, EMAIL_INVALID],
    ];
    for (const [body, message] of cases) {
      const r = await s.post("/api/test-rides", body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.json.message).toBe(message);
    }
    expect((await s.post("/api/test-rides", { ...ride, date: addDays(today(), 60) })).status).toBe(200);
    expect((await s.post("/api/test-rides", { ...ride, date: today() })).status).toBe(200);
    const alert = await s.post("/api/stock-alerts", {
      product_id: productId,
      size: "xxxl",
      email: "a@example.test",
    });
    expect(alert).toMatchObject({ status: 422, json: { message: NO_SUCH_SIZE } });
    expect(await count(app.deps.store, "test_rides")).toBe(2);
    expect(await count(app.deps.store, "stock_alerts")).toBe(0);
  });

  it("keeps one row per Idempotency-Key, and mails its confirmation once in the shopper's language", async () => {
    const box = mailbox();
    const app = await makeApp({ mailer: box.mailer });
    const { productId, variantId, size } = await soldOut(app.deps.store);
    const s = shopper(app);
    const key = crypto.randomUUID();
    const ride = {
      product_id: productId,
      size,
      date: addDays(today(), 2),
      slot: "10:00",
      email: "r@example.test",
    };
    const first = await s.post("/api/test-rides", ride, withKey(key, { "Accept-Language": "fr" }));
    const again = await s.post("/api/test-rides", ride, withKey(key, { "Accept-Language": "fr" }));
    expect(first.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(await count(app.deps.store, "test_rides")).toBe(1);
    const alertKey = crypto.randomUUID();
    const alert = { product_id: productId, variant_id: variantId, size, email: "r@example.test" };
    await s.post("/api/stock-alerts", alert, withKey(alertKey));
    await s.post("/api/stock-alerts", alert, withKey(alertKey));
    expect(await count(app.deps.store, "stock_alerts")).toBe(1);
    await app.deps.mail.settled();
    expect(box.sent.map((m) => m.kind)).toEqual(["test-ride-confirmation", "stock-alert-confirmation"]);
    expect(box.sent[0]!.text).toContain("votre essai est réservé");
  });

  it("keeps one row when the same key arrives twice at once, on one instance or on two", async () => {
    const [a, b] = await makeStorePair();
    stores.push(a);
    if (b !== a) stores.push(b);
    const apps = [await makeApp({ store: a }), await makeApp({ store: b })];
    const { productId, size } = await soldOut(a);
    const guest = shopper(apps[0]!);
    await guest.post(
      "/api/stock-alerts",
      { product_id: productId, size, email: "g@example.test" },
      withKey(crypto.randomUUID()),
    );
    const before = await count(a, "test_rides");
    for (const pair of [
      [0, 0],
      [0, 1],
    ]) {
      const key = crypto.randomUUID();
      const ride = {
        product_id: productId,
        size,
        date: addDays(today(), 5),
        slot: "15:30",
        email: "g@example.test",
      };
      const replies = await Promise.all(
        pair.map(
          async (i) =>
            await apps[i]!.request("http://shop.test/api/test-rides", {
              method: "POST",
              headers: {
                "Content-Type": "application/json",
                Accept: "application/json",
                Cookie: guest.cookie,
                "Idempotency-Key": key,
              },
              body: JSON.stringify(ride),
            }),
        ),
      );
      expect(replies.some((r) => r.status === 200)).toBe(true);
      for (const r of replies) expect([200, 409]).toContain(r.status);
    }
    expect(await count(a, "test_rides")).toBe(before + 2);
  });

  it("lists upcoming rides and waiting requests to staff only", async () => {
    const app = await makeApp();
    const { productId, size } = await soldOut(app.deps.store);
    const guest = shopper(app);
    await guest.post("/api/test-rides", {
      product_id: productId,
      size,
      date: addDays(today(), 9),
      slot: "17:00",
      email: "l@example.test",
    });
    await guest.post("/api/test-rides", {
      product_id: productId,
      size,
      date: addDays(today(), 1),
      slot: "11:30",
      email: "l@example.test",
    });
    await guest.post("/api/stock-alerts", { product_id: productId, size, email: "l@example.test" });
    for (const path of ["/api/staff/test-rides", "/api/staff/stock-alerts"]) {
      expect((await guest.get(path)).status).toBe(401);
      const customer = shopper(app);
      await customer.login();
      expect((await customer.get(path)).status).toBe(403);
    }
    const staff = shopper(app);
    await staff.login(STAFF_ACCOUNT.email, STAFF_ACCOUNT.password);
    const rides = await staff.get("/api/staff/test-rides");
    expect(rides.headers.get("cache-control")).toBe("no-store");
    expect(rides.json.data.map((r: { date: string; slot: string }) => [r.date, r.slot])).toEqual([
      [addDays(today(), 1), "11:30"],
      [addDays(today(), 9), "17:00"],
    ]);
    const alerts = (await staff.get("/api/staff/stock-alerts")).json.data;
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      product_id: productId,
      size: size.toLowerCase(),
      email: "l@example.test",
    });
  });

  it("mails each waiting request once when its size is back, and marks it notified", async () => {
    const box = mailbox();
    // Two instances on one database (PostgreSQL in the postgres project) race for the same requests.
    const [a, b] = await makeStorePair();
    stores.push(a);
    if (b !== a) stores.push(b);
    const app = await makeApp({ store: a, mailer: box.mailer });
    const other = await makeApp({ store: b, mailer: box.mailer });
    const db = app.deps.store;
    const { productId, variantId, size } = await soldOut(db);
    const guest = shopper(app);
    await guest.post("/api/stock-alerts", {
      product_id: productId,
      variant_id: variantId,
      size,
      email: "one@example.test",
    });
    await guest.post(
      "/api/stock-alerts",
      { product_id: productId, size, email: "any@example.test" },
      {
        headers: { "Accept-Language": "de" },
      },
    );
    await app.deps.mail.settled();
    box.sent.length = 0;
    // Still out: nothing is sent.
    expect(await notifyRestocked(app.deps, productId, variantId)).toBe(0);
    await db.raw("update product_variants set stock = 4 where id = ?", [variantId]);
    const mailed = await Promise.all([
      notifyRestocked(app.deps, productId, variantId, "https://shop.test"),
      notifyRestocked(other.deps, productId, variantId, "https://shop.test"),
    ]);
    expect(mailed[0]! + mailed[1]!).toBe(2);
    expect(await notifyRestocked(app.deps, productId, variantId)).toBe(0);
    await app.deps.mail.settled();
    await other.deps.mail.settled();
    expect(box.sent.map((m) => m.to).sort()).toEqual(["any@example.test", "one@example.test"]);
    expect(box.sent.every((m) => m.kind === "back-in-stock")).toBe(true);
    expect(box.sent.find((m) => m.to === "any@example.test")!.text).toContain("wieder auf Lager");
    const staff = shopper(app);
    await staff.login(STAFF_ACCOUNT.email, STAFF_ACCOUNT.password);
    expect((await staff.get("/api/staff/stock-alerts")).json.data).toEqual([]);
  });

  it("mails those waiting when a cancelled order brings their size back from none in stock", async () => {
    const box = mailbox();
    const app = await makeApp({ mailer: box.mailer });
    const db = app.deps.store;
    const { productId, variantId, size } = await soldOut(db);
    await db.raw("update product_variants set stock = 1 where id = ?", [variantId]);
    const buyer = shopper(app);
    await buyer.login();
    await readyCheckout(buyer, { product: productId, variant: variantId });
    const placed = await buyer.post("/api/checkout/save-order");
    expect(placed.status, placed.text).toBe(200);
    const guest = shopper(app);
    await guest.post("/api/stock-alerts", { product_id: productId, size, email: "w@example.test" });
    await app.deps.mail.settled();
    box.sent.length = 0;
    const cancel = await buyer.post(`/api/orders/${placed.json.order.id}/cancel`);
    expect(cancel.status, cancel.text).toBe(200);
    await app.deps.mail.settled();
    expect(box.sent.filter((m) => m.kind === "back-in-stock").map((m) => m.to)).toEqual(["w@example.test"]);
  });
});
