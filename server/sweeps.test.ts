import { describe, expect, it } from "vitest";
import { sweepOldRows, sweepOnce } from "./lib/sweeps";
import { CHECKOUT_ADDRESS, makeApp, shopper, testDialect } from "./test-utils";

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/** Issue 36, N17: the tables that only grew are swept; what is still in use stays. */
describe(`sweeping rows the shop no longer needs (${testDialect})`, () => {
  it("deletes expired tokens and codes, abandoned guest carts and year-old contact requests, and keeps the rest", async () => {
    const app = await makeApp();
    const store = app.deps.store;
    // A customer signed in now (a live token), and an old token of theirs that expired two days ago.
    const customer = shopper(app);
    await customer.login();
    await store.rawRun(
      "insert into auth_tokens (token_hash, customer_id, expires_at, revoked_at, created_at) select 'old-hash', customer_id, ?, null, ? from auth_tokens limit 1",
      [ago(2), ago(32)],
    );
    // A guest whose cart was last touched 31 days ago, and one active today.
    const old = shopper(app);
    await old.post("/api/checkout/cart/add/36", { quantity: 1 });
    await old.post("/api/checkout/save-address", {
      billing: { ...CHECKOUT_ADDRESS, use_for_shipping: true },
      shipping: { address1: [""] },
    });
    const fresh = shopper(app);
    await fresh.post("/api/checkout/cart/add/36", { quantity: 1 });
    const [oldCart] = await store.raw<{ id: number }>("select id from carts order by id limit 1");
    await store.rawRun("update carts set updated_at = ? where id = ?", [ago(31), oldCart!.id]);
    await store.rawRun(
      "insert into otp_codes (phone, code_hash, attempts, expires_at, consumed_at, created_at) values ('+4477009000001', 'x', 0, ?, null, ?)",
      [ago(2), ago(2)],
    );
    await store.rawRun(
      "insert into contact_requests (name, email, phone, subject, message, created_at) values ('Old', 'old@example.com', null, null, 'hello', ?), ('New', 'new@example.com', null, null, 'hello', ?)",
      [ago(400), ago(1)],
    );
    // Stock log rows (migration 0015): one written two hours ago, one by a stock write now.
    await store.rawRun("insert into stock_log (product_id, at) values (36, ?)", [
      Date.now() - 2 * 60 * 60 * 1000,
    ]);
    await store.rawRun("update products set stock = stock + 1 where id = 36");
    // Facet log rows (migration 0021): the same, one old, one by a price change now.
    await store.rawRun("insert into facet_log (product_id, at) values (36, ?)", [
      Date.now() - 2 * 60 * 60 * 1000,
    ]);
    await store.rawRun("update products set final_price = final_price + 1 where id = 36");

    const swept = await sweepOldRows(store);
    expect(swept).toEqual({
      tokens: 1,
      codes: 1,
      carts: 1,
      contact: 1,
      stockLog: 1,
      facetLog: 1,
      resets: 0,
      unconfirmed: 0,
    });
    expect((await store.raw("select product_id from stock_log")).length).toBeGreaterThan(0);
    expect((await store.raw("select product_id from facet_log")).length).toBeGreaterThan(0);
    expect(await store.raw("select id from carts where id = ?", [oldCart!.id])).toEqual([]);
    expect(await store.raw("select id from cart_items where cart_id = ?", [oldCart!.id])).toEqual([]);
    expect(await store.raw("select id from cart_addresses where cart_id = ?", [oldCart!.id])).toEqual([]);
    // Still there: the live token works, the fresh guest's cart holds its line, the recent request is kept.
    expect((await customer.get("/api/customer/get")).status).toBe(200);
    expect((await fresh.get("/api/checkout/cart")).json.data.items).toHaveLength(1);
    expect(await store.raw("select name from contact_requests")).toEqual([{ name: "New" }]);
    // A second sweep finds nothing.
    expect(await sweepOldRows(store)).toEqual({
      tokens: 0,
      codes: 0,
      carts: 0,
      contact: 0,
      stockLog: 0,
      facetLog: 0,
      resets: 0,
      unconfirmed: 0,
    });
  });

  it("runs on its own in a running instance", async () => {
    const app = await makeApp({ sweepEveryMs: 50 });
    const store = app.deps.store;
    await store.rawRun(
      "insert into otp_codes (phone, code_hash, attempts, expires_at, consumed_at, created_at) values ('+4477009000002', 'x', 0, ?, null, ?)",
      [ago(3), ago(3)],
    );
    for (let i = 0; (await store.raw("select id from otp_codes")).length; i++) {
      if (i > 200) throw new Error("the sweep did not run");
      await new Promise((r) => setTimeout(r, 25));
    }
  });

  it.runIf(testDialect === "postgres")(
    "sweeps in one instance at a time: one that finds another sweeping skips its turn",
    async () => {
      const app = await makeApp();
      const store = app.deps.store;
      await store.rawRun(
        "insert into otp_codes (phone, code_hash, attempts, expires_at, consumed_at, created_at) values ('+4477009000003', 'x', 0, ?, null, ?)",
        [ago(3), ago(3)],
      );
      const pg = await import("pg");
      const other = new pg.default.Client({ connectionString: (store as unknown as { url: string }).url });
      await other.connect();
      try {
        // Another instance is sweeping (it holds the lock in its transaction).
        await other.query("begin");
        await other.query("select pg_advisory_xact_lock(36017)");
        expect(await sweepOnce(store)).toBeNull();
        expect(await store.raw("select id from otp_codes where phone = '+4477009000003'")).toHaveLength(1);
        await other.query("commit");
        expect((await sweepOnce(store))?.codes).toBe(1);
      } finally {
        await other.end();
      }
    },
  );
});
