import { describe, expect, it } from "vitest";
import { EXPIRED_BATCH, IdempotencyKeys } from "./lib/idempotency";
import { releaseLease, takeLease } from "./lib/leases";
import { SWEEP_LEASE, sweepOldRows, sweepOnce } from "./lib/sweeps";
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
    // Facet log rows (migration 0023): the same, one old, one by a price change now.
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
      mail: 0,
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
      mail: 0,
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

  it("sweeps in one instance at a time: one that finds another sweeping skips its turn", async () => {
    const app = await makeApp();
    const store = app.deps.store;
    await store.rawRun(
      "insert into otp_codes (phone, code_hash, attempts, expires_at, consumed_at, created_at) values ('+4477009000003', 'x', 0, ?, null, ?)",
      [ago(3), ago(3)],
    );
    // Another instance is sweeping: it holds the sweep's lease.
    expect(await takeLease(store, SWEEP_LEASE, "other-instance", 60_000)).toBe(true);
    expect(await sweepOnce(store)).toBeNull();
    expect(await store.raw("select id from otp_codes where phone = '+4477009000003'")).toHaveLength(1);
    await releaseLease(store, SWEEP_LEASE, "other-instance");
    expect((await sweepOnce(store))?.codes).toBe(1);
    // A sweep gives the lease back when it is done: the next one runs.
    expect(await sweepOnce(store)).not.toBeNull();
    // A holder that died gives way once its lease has run out.
    expect(await takeLease(store, SWEEP_LEASE, "dead-instance", 1000)).toBe(true);
    expect(await sweepOnce(store)).toBeNull();
    expect(await sweepOnce(store, Date.now() + 2000)).not.toBeNull();
  });

  it("deletes in batches: a sweep over many more rows than one batch removes them all and keeps the rest", async () => {
    const app = await makeApp();
    const store = app.deps.store;
    const customer = shopper(app);
    await customer.login();
    const [{ customer_id } = { customer_id: 0 }] = await store.raw<{ customer_id: number }>(
      "select customer_id from auth_tokens limit 1",
    );
    const live = (await store.raw("select id from auth_tokens")).length;
    // 23 of each kind to go and a few to keep, swept 4 rows a statement.
    for (let i = 0; i < 23; i++) {
      await store.rawRun(
        "insert into auth_tokens (token_hash, customer_id, expires_at, revoked_at, created_at) values (?, ?, ?, null, ?)",
        [`old-${i}`, customer_id, ago(2), ago(40)],
      );
      await store.rawRun(
        "insert into otp_codes (phone, code_hash, attempts, expires_at, consumed_at, created_at) values (?, 'x', 0, ?, null, ?)",
        [`+44770091${String(i).padStart(5, "0")}`, ago(2), ago(2)],
      );
      const cart = await store.raw<{ id: number }>(
        "insert into carts (customer_id, session_hash, is_active, created_at, updated_at) values (null, ?, 1, ?, ?) returning id",
        [`old-session-${i}`, ago(40), ago(31)],
      );
      await store.rawRun(
        "insert into cart_addresses (cart_id, address_type, first_name, last_name, email, address1, city, state, country, postcode, phone, created_at, updated_at) values (?, 'billing', 'Old', 'Guest', 'old@example.com', 'Street 1', 'Pune', null, 'IN', '411001', '9999999999', ?, ?)",
        [cart[0]!.id, ago(31), ago(31)],
      );
      await store.rawRun("insert into stock_log (product_id, at) values (36, ?)", [
        Date.now() - 3 * 60 * 60 * 1000,
      ]);
      await store.rawRun("insert into facet_log (product_id, at) values (36, ?)", [
        Date.now() - 3 * 60 * 60 * 1000,
      ]);
      await store.rawRun(
        "insert into mail_queue (kind, recipient, subject, body, state, attempts, due_at, created_at, done_at) values ('password-reset', 'a@b.test', 's', 'b', 'sent', 1, 0, ?, ?)",
        [ago(9), ago(8)],
      );
    }
    // Kept: a fresh guest cart with its address, a code still valid, a message sent yesterday, one waiting.
    const fresh = shopper(app);
    await fresh.post("/api/checkout/cart/add/36", { quantity: 1 });
    await fresh.post("/api/checkout/save-address", {
      billing: { ...CHECKOUT_ADDRESS, use_for_shipping: true },
      shipping: { address1: [""] },
    });
    await store.rawRun(
      "insert into otp_codes (phone, code_hash, attempts, expires_at, consumed_at, created_at) values ('+4477009299999', 'x', 0, ?, null, ?)",
      [new Date(Date.now() + 60_000).toISOString(), ago(0)],
    );
    await store.rawRun(
      "insert into mail_queue (kind, recipient, subject, body, state, attempts, due_at, created_at, done_at) values ('k', 'kept@b.test', 's', 'b', 'sent', 1, 0, ?, ?), ('k', 'waiting@b.test', 's', 'b', 'waiting', 3, 0, ?, null)",
      [ago(1), ago(1), ago(20)],
    );
    const statements: string[] = [];
    const target = store as unknown as { exec: (c: { sql: string }, mode: string) => Promise<unknown> };
    const exec = target.exec.bind(store);
    target.exec = (c, mode) => {
      if (/^delete/i.test(c.sql)) statements.push(c.sql);
      return exec(c, mode);
    };
    const swept = await sweepOldRows(store, Date.now(), 4);
    target.exec = exec;
    expect(swept).toEqual({
      tokens: 23,
      codes: 23,
      carts: 23,
      contact: 0,
      stockLog: 23,
      facetLog: 23,
      resets: 0,
      unconfirmed: 0,
      mail: 23,
    });
    // 23 rows in batches of 4: six statements per kind (the sixth comes back short), one for each empty kind.
    expect(statements.filter((q) => /delete from "?auth_tokens/i.test(q))).toHaveLength(6);
    expect(statements.filter((q) => /delete from "?contact_requests/i.test(q))).toHaveLength(1);
    expect(await store.raw("select id from auth_tokens")).toHaveLength(live);
    expect(await store.raw("select phone from otp_codes")).toEqual([{ phone: "+4477009299999" }]);
    expect(await store.raw("select id from carts where session_hash like 'old-session-%'")).toEqual([]);
    expect(await store.raw("select id from cart_addresses where first_name = 'Old'")).toEqual([]);
    expect(await store.raw("select recipient from mail_queue order by recipient")).toEqual([
      { recipient: "kept@b.test" },
      { recipient: "waiting@b.test" },
    ]);
    expect((await customer.get("/api/customer/get")).status).toBe(200);
    const cart = (await fresh.get("/api/checkout/cart")).json.data as {
      items: unknown[];
      billing_address: unknown;
    };
    expect(cart.items).toHaveLength(1);
    expect(cart.billing_address).toBeTruthy();
  });

  it("sweeps expired Idempotency-Keys in batches, however many there are", async () => {
    const app = await makeApp();
    const store = app.deps.store;
    const rows = EXPIRED_BATCH * 2 + 7;
    for (let i = 0; i < rows; i += 250) {
      const n = Math.min(250, rows - i);
      await store.rawRun(
        `insert into idempotency_keys (key_hash, request_hash, status, body, created_at, customer_id, bytes) values ${Array.from({ length: n }, () => "(?, 'r', 200, '{}', ?, null, 2)").join(", ")}`,
        Array.from({ length: n }, (_, j) => [`expired-${i + j}`, ago(3)]).flat(),
      );
    }
    await store.rawRun(
      "insert into idempotency_keys (key_hash, request_hash, status, body, created_at, customer_id, bytes) values ('fresh', 'r', 200, '{}', ?, null, 2)",
      [new Date().toISOString()],
    );
    await new IdempotencyKeys(store, "secret-0123456789abcdef0123456789").sweep();
    expect(await store.raw("select key_hash from idempotency_keys")).toEqual([{ key_hash: "fresh" }]);
  });
});
