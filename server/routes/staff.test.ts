import { afterAll, describe, expect, it } from "vitest";
import { ALREADY_IMPORTED_MESSAGE, encodeCartCode } from "../../src/api/contract/counter";
import type { Store } from "../db/store";
import { STAFF_ACCOUNT } from "../seed/content";
import { makeApp, makeStorePair, shopper } from "../test-utils";

/** A simple product and one variant of a configurable product, as the seed makes them. */
async function twoItems(db: Store) {
  const [simple] = await db.raw<{ id: number }>(
    "select id from products where type = 'simple' order by id limit 1",
  );
  const [variant] = await db.raw<{ id: number; product_id: number }>(
    "select id, product_id from product_variants where stock > 5 order by id limit 1",
  );
  return [
    { productId: Number(simple!.id), variantId: null, quantity: 1 },
    { productId: Number(variant!.product_id), variantId: Number(variant!.id), quantity: 2 },
  ];
}

const countImports = async (db: Store, key: string) =>
  Number(
    (await db.raw<{ n: number }>("select count(*) as n from counter_imports where key = ?", [key]))[0]!.n,
  );
const countCarts = async (db: Store) =>
  Number((await db.raw<{ n: number }>("select count(*) as n from carts"))[0]!.n);

let stores: Store[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
  stores = [];
});

describe("the counter's cart import (issue 40 item 1)", () => {
  it("is for staff only: 401 without a token, 403 for a customer, the staff member's name for staff", async () => {
    const app = await makeApp();
    const code = encodeCartCode({ key: crypto.randomUUID(), lines: await twoItems(app.deps.store) });
    const guest = shopper(app);
    expect((await guest.post("/api/staff/cart-import", { code })).status).toBe(401);
    const customer = shopper(app);
    await customer.login();
    const refused = await customer.post("/api/staff/cart-import", { code });
    expect(refused.status).toBe(403);
    expect((await customer.get("/api/staff/me")).status).toBe(403);
    expect(
      Number((await app.deps.store.raw<{ n: number }>("select count(*) as n from counter_imports"))[0]!.n),
    ).toBe(0);
    const staff = shopper(app);
    await staff.login(STAFF_ACCOUNT.email, STAFF_ACCOUNT.password);
    expect((await staff.get("/api/staff/me")).json.data).toEqual({
      name: "Counter Staff",
      email: STAFF_ACCOUNT.email,
    });
  });

  it("imports a code once: the lines and totals, then 'Already imported' with the same cart", async () => {
    const app = await makeApp();
    const db = app.deps.store;
    const key = crypto.randomUUID();
    const lines = await twoItems(db);
    const code = encodeCartCode({ key, lines });
    const device = shopper(app);
    expect((await device.get(`/api/cart-handover/${key}`)).json.data).toEqual({
      handed_over: false,
      reference: null,
    });
    const staff = shopper(app);
    await staff.login(STAFF_ACCOUNT.email, STAFF_ACCOUNT.password);
    const first = await staff.post("/api/staff/cart-import", { code });
    expect(first.status).toBe(200);
    expect(first.json.already_imported).toBe(false);
    expect(first.json.data.lines.map((l: { quantity: number }) => l.quantity)).toEqual([1, 2]);
    expect(first.json.data.lines[1].variant_id).toBe(lines[1]!.variantId);
    expect(first.json.data.items_qty).toBe(3);
    expect(first.json.data.skipped).toBe(0);
    const second = await staff.post("/api/staff/cart-import", { code });
    expect(second.json.message).toBe(ALREADY_IMPORTED_MESSAGE);
    expect(second.json.already_imported).toBe(true);
    expect(second.json.data).toEqual(first.json.data);
    expect(await countImports(db, key)).toBe(1);
    const items = await db.raw<{ n: number }>("select count(*) as n from cart_items where cart_id = ?", [
      first.json.data.cart_id,
    ]);
    expect(Number(items[0]!.n)).toBe(2);
    expect((await device.get(`/api/cart-handover/${key}`)).json.data).toEqual({
      handed_over: true,
      reference: first.json.data.reference,
    });
  });

  it("refuses a text that is not a cart code", async () => {
    const app = await makeApp();
    const staff = shopper(app);
    await staff.login(STAFF_ACCOUNT.email, STAFF_ACCOUNT.password);
    const r = await staff.post("/api/staff/cart-import", { code: "https://shop.test/product/city-glide" });
    expect(r.status).toBe(422);
  });

  it("makes one cart when two tills on two instances scan the same code at the same moment", async () => {
    const [a, b] = await makeStorePair();
    stores.push(a);
    if (b !== a) stores.push(b);
    const apps = [await makeApp({ store: a }), await makeApp({ store: b })];
    const lines = await twoItems(a);
    for (let round = 0; round < 4; round++) {
      const key = crypto.randomUUID();
      const code = encodeCartCode({ key, lines });
      const tills = await Promise.all(
        [0, 1, 0, 1].map(async (i) => {
          const till = shopper(apps[i]!);
          await till.login(STAFF_ACCOUNT.email, STAFF_ACCOUNT.password);
          return till;
        }),
      );
      const cartsBefore = await countCarts(a);
      const replies = await Promise.all(tills.map((t) => t.post("/api/staff/cart-import", { code })));
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(replies.filter((r) => r.json.already_imported === false)).toHaveLength(1);
      expect(new Set(replies.map((r) => r.json.data.cart_id)).size).toBe(1);
      expect(await countImports(a, key)).toBe(1);
      expect(await countCarts(a)).toBe(cartsBefore + 1);
    }
  });
});
