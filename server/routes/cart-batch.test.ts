import { describe, expect, it } from "vitest";
import {
  CART_BATCH_MAX,
  cartBatchReplySchema,
  cartMutationReplySchema,
  STOCK_ERROR_MESSAGE,
  type CartBatchChange,
} from "../../src/api/contract/cart";
import type { Store } from "../db/store";
import { makeApp, productSizes, readCart, shopper, withKey, type Shopper } from "../test-utils";

const batch = (s: Shopper, changes: unknown[], headers: Record<string, string> = {}) =>
  s.post("/api/checkout/cart/batch", { changes }, { headers });

const add = (key: string, productId: number, quantity = 1, extra: object = {}): CartBatchChange => ({
  idempotency_key: key,
  action: "add",
  product_id: productId,
  quantity,
  ...extra,
});

async function lines(s: Shopper) {
  const cart = await readCart(s);
  return (cart?.items ?? []).map((i) => [
    i.product_id,
    i.child ? i.additional?.selected_configurable_option : null,
    i.quantity,
  ]);
}

/** Counts the queries the store runs and the rows they answer. */
function meter(store: Store) {
  const target = store as unknown as {
    exec: (c: unknown, mode: unknown) => Promise<{ rows: unknown[] }>;
  };
  const exec = target.exec.bind(store);
  const seen = { queries: 0, rows: 0 };
  target.exec = async (c, mode) => {
    const r = await exec(c, mode);
    seen.queries += 1;
    seen.rows += r.rows.length;
    return r;
  };
  return {
    async measure(fn: () => Promise<unknown>) {
      seen.queries = 0;
      seen.rows = 0;
      await fn();
      return { ...seen };
    },
  };
}

describe("cart batch", () => {
  it("applies a batch of changes in order, and the cart read afterwards shows them", async () => {
    const s = shopper(await makeApp());
    const m = (await productSizes(s)).find((z) => z.name === "m")!;
    const r = await batch(s, [
      add("b-1", 45, 2),
      add("b-2", 36),
      { idempotency_key: "b-3", action: "set", product_id: 45, variant_id: null, quantity: 3 },
      { idempotency_key: "b-4", action: "remove", product_id: 36, variant_id: null },
      add("b-5", 1, 1, { selected_configurable_option: m.variant_id }),
      { idempotency_key: "b-6", action: "set", product_id: 1, variant_id: m.variant_id, quantity: 2 },
      { idempotency_key: "b-7", action: "remove", product_id: 44, variant_id: null },
    ]);
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const reply = cartBatchReplySchema.parse(r.json);
    expect(reply.results.map((x) => [x.idempotency_key, x.status])).toEqual([
      ["b-1", "applied"],
      ["b-2", "applied"],
      ["b-3", "applied"],
      ["b-4", "applied"],
      ["b-5", "applied"],
      ["b-6", "applied"],
      ["b-7", "applied"],
    ]);
    expect(reply.data?.items.map((i) => [i.product_id, i.quantity])).toEqual([
      [45, 3],
      [1, 2],
    ]);
    expect(await lines(s)).toEqual([
      [45, null, 3],
      [1, m.variant_id, 2],
    ]);
    const emptied = cartBatchReplySchema.parse(
      (await batch(s, [{ idempotency_key: "b-8", action: "empty" }, add("b-9", 36)])).json,
    );
    expect(emptied.results.map((x) => x.status)).toEqual(["applied", "applied"]);
    expect(await lines(s)).toEqual([[36, null, 1]]);
  });

  it("answers only the results when asked for `Prefer: return=minimal`", async () => {
    const s = shopper(await makeApp());
    const r = await batch(s, [add("min-1", 45)], { Prefer: "return=minimal" });
    expect(r.headers.get("preference-applied")).toBe("return=minimal");
    expect(r.json).toEqual({
      message: "Cart Item(s) successfully updated.",
      results: [{ idempotency_key: "min-1", status: "applied" }],
    });
    expect(await lines(s)).toEqual([[45, null, 1]]);
  });

  it("applies a batch sent twice once: the second time every change is replayed", async () => {
    const s = shopper(await makeApp());
    const changes = [
      add("twice-1", 45),
      add("twice-2", 45),
      { idempotency_key: "twice-3", action: "remove", product_id: 36, variant_id: null },
    ];
    await batch(s, changes);
    const again = cartBatchReplySchema.parse((await batch(s, changes)).json);
    expect(again.results.map((x) => x.status)).toEqual(["replayed", "replayed", "replayed"]);
    expect(again.data?.items.map((i) => i.quantity)).toEqual([2]);
    expect(await lines(s)).toEqual([[45, null, 2]]);
  });

  it("replays a change a single write already made with the same key, and a key used twice in one batch", async () => {
    const s = shopper(await makeApp());
    await s.post("/api/checkout/cart/add/45", { quantity: 1 }, withKey("one-1"));
    const r = cartBatchReplySchema.parse(
      (await batch(s, [add("one-1", 45), add("one-2", 36), add("one-2", 36)])).json,
    );
    expect(r.results.map((x) => x.status)).toEqual(["replayed", "applied", "replayed"]);
    expect(await lines(s)).toEqual([
      [45, null, 1],
      [36, null, 1],
    ]);
  });

  it("answers a single retry of a change first made in a batch with the cart, not made again", async () => {
    const s = shopper(await makeApp());
    await batch(s, [add("first-in-batch", 36)]);
    const retry = await s.post("/api/checkout/cart/add/36", { quantity: 1 }, withKey("first-in-batch"));
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(cartMutationReplySchema.parse(retry.json).data?.items.map((i) => i.quantity)).toEqual([1]);
    const line = (await s.get("/api/checkout/cart")).json.data.items[0].id as number;
    const update = await s.put(
      "/api/checkout/cart/update",
      { qty: { [line]: 2 } },
      withKey("first-in-batch"),
    );
    expect(update.status).toBe(200);
    expect(await lines(s)).toEqual([[36, null, 1]]);
  });

  it("starts a guest's session before a batch without one, and a resend without the cookie never reaches that session's changes (N4)", async () => {
    const app = await makeApp();
    const s = shopper(app);
    const changes = [add("guest-1", 45), add("guest-2", 36, 2)];
    const started = await s.post("/api/checkout/cart/batch", { changes }, { resend: false });
    expect(started.status).toBe(409);
    expect(started.headers.get("set-cookie")).toMatch(/^bagisto_session=[\w-]{64};.*HttpOnly.*SameSite=Lax/i);
    expect(await lines(s)).toEqual([]);
    const r = await batch(s, changes);
    expect(cartBatchReplySchema.parse(r.json).results.map((x) => x.status)).toEqual(["applied", "applied"]);
    expect(r.headers.get("set-cookie")).toBeNull();

    // The same batch without the cookie: another session (never this one), where the keys are new.
    const resend = shopper(app);
    const refused = await resend.post("/api/checkout/cart/batch", { changes }, { resend: false });
    expect(refused.status).toBe(409);
    expect(resend.cookie).not.toBe(s.cookie);
    const theirs = cartBatchReplySchema.parse((await batch(resend, changes)).json);
    expect(theirs.results.map((x) => x.status)).toEqual(["applied", "applied"]);
    // The same batch with the cookie: replayed, nothing made twice.
    const again = cartBatchReplySchema.parse((await batch(s, changes)).json);
    expect(again.results.map((x) => x.status)).toEqual(["replayed", "replayed"]);
    expect(await lines(s)).toEqual([
      [45, null, 1],
      [36, null, 2],
    ]);
  });

  it("counts one new guest cart per batch against the address's limit, and none for its resend", async () => {
    const app = await makeApp({ rateLimits: { guestSessions: { limit: 1, windowMs: 60_000 } } });
    const changes = [add("limit-1", 45), add("limit-2", 36), add("limit-3", 44)];
    const s = shopper(app);
    expect((await batch(s, changes)).status).toBe(200);
    expect((await batch(s, changes)).status).toBe(200);
    const other = await batch(shopper(app), [add("limit-other", 45)]);
    expect(other.status).toBe(429);
  });

  it("keeps the other changes when one in the middle is refused, and refuses it again on replay", async () => {
    const s = shopper(await makeApp());
    const x = (await productSizes(s)).find((z) => z.name === "x")!;
    expect(x.stock).toBe(2);
    const changes = [
      add("mid-1", 45),
      add("mid-2", 43, 3),
      add("mid-3", 1, 2, { selected_configurable_option: x.variant_id }),
      { idempotency_key: "mid-4", action: "set", product_id: 1, variant_id: x.variant_id, quantity: 3 },
      add("mid-5", 1, 1, { super_attribute: {} }),
      add("mid-6", 999999),
      add("mid-7", 36),
    ];
    const first = cartBatchReplySchema.parse((await batch(s, changes)).json);
    expect(first.results.map((r) => [r.status, r.message])).toEqual([
      ["applied", undefined],
      ["refused", STOCK_ERROR_MESSAGE],
      ["applied", undefined],
      ["refused", STOCK_ERROR_MESSAGE],
      ["refused", "Options are missing for this product."],
      ["refused", "Product not found."],
      ["applied", undefined],
    ]);
    const expected = [
      [45, null, 1],
      [1, x.variant_id, 2],
      [36, null, 1],
    ];
    expect(await lines(s)).toEqual(expected);
    const replay = cartBatchReplySchema.parse((await batch(s, changes)).json);
    expect(replay.results.map((r) => [r.status, r.status === "refused" ? r.message : undefined])).toEqual([
      ["replayed", undefined],
      ["refused", STOCK_ERROR_MESSAGE],
      ["replayed", undefined],
      ["refused", STOCK_ERROR_MESSAGE],
      ["refused", "Options are missing for this product."],
      ["refused", "Product not found."],
      ["replayed", undefined],
    ]);
    expect(await lines(s)).toEqual(expected);
    // A single write refused earlier is refused again in a batch.
    await s.post("/api/checkout/cart/add/43", { quantity: 3 }, withKey("single-over"));
    const overlap = cartBatchReplySchema.parse((await batch(s, [add("single-over", 43, 3)])).json);
    expect(overlap.results[0]).toEqual({
      idempotency_key: "single-over",
      status: "refused",
      message: STOCK_ERROR_MESSAGE,
    });
  });

  it("refuses a malformed batch with 400 and applies none of it", async () => {
    const s = shopper(await makeApp());
    const cases: unknown[] = [
      { changes: [] },
      { changes: [add("bad-1", 45), { idempotency_key: "bad-2", action: "paint", product_id: 45 }] },
      { changes: [add("bad-3", 45), { ...add("bad-4", 36), idempotency_key: "with space" }] },
      { changes: [add("bad-5", 45, 0)] },
      { changes: Array.from({ length: CART_BATCH_MAX + 1 }, (_, i) => add(`over-${i}`, 45)) },
      { nothing: true },
    ];
    for (const body of cases) {
      const r = await s.post("/api/checkout/cart/batch", body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.json.message).toBe("The cart changes are not a valid batch.");
    }
    const notJson = await s.post("/api/checkout/cart/batch", undefined, {
      raw: "{changes",
      headers: { "Content-Type": "application/json" },
    });
    expect(notJson.status).toBe(400);
    // No refused batch started a session; the cart read does (and finds no cart).
    expect(s.cookie).toBe("");
    expect((await s.get("/api/checkout/cart")).json.data).toBeNull();
  });

  it("keeps a customer's changes by account: a new token of the same customer replays them", async () => {
    const app = await makeApp();
    const s = shopper(app);
    await s.login();
    const changes = [add("cust-1", 45), add("cust-2", 36)];
    const r = cartBatchReplySchema.parse((await batch(s, changes)).json);
    expect(r.results.map((x) => x.status)).toEqual(["applied", "applied"]);
    expect(r.data?.is_guest).toBe(0);
    const other = shopper(app);
    await other.login();
    const again = cartBatchReplySchema.parse((await batch(other, changes)).json);
    expect(again.results.map((x) => x.status)).toEqual(["replayed", "replayed"]);
    expect(await lines(other)).toEqual([
      [45, null, 1],
      [36, null, 1],
    ]);
    // The same keys from a guest are another shopper's.
    const guest = shopper(app);
    const theirs = cartBatchReplySchema.parse((await batch(guest, changes)).json);
    expect(theirs.results.map((x) => x.status)).toEqual(["applied", "applied"]);
    s.setToken("not-a-real-token-aaaaaaaaaaaa");
    expect((await batch(s, [add("cust-3", 45)])).status).toBe(401);
  });

  it("costs the same for a 100-line cart as for a 1-line cart", async () => {
    // The catalogue-version check (at most once a second) must not land inside one of the measured windows.
    const app = await makeApp({ catalogVersionCheckMs: 3_600_000 });
    const store = app.deps.store;
    const small = shopper(app);
    const large = shopper(app);
    await batch(small, [add("small-0", 45)]);
    await batch(large, [add("large-0", 45)]);
    const cartId = (await large.get("/api/checkout/cart")).json.data.id as number;
    // 99 more lines, each a variant of another bike.
    const fillers = await store.raw<{ id: number; product_id: number }>(
      "select id, product_id from product_variants where product_id not in (36, 45) order by id limit 99",
    );
    const now = new Date().toISOString();
    for (const v of fillers)
      await store.rawRun(
        "insert into cart_items (cart_id, product_id, variant_id, quantity, additional, created_at, updated_at) values (?, ?, ?, 1, '{}', ?, ?)",
        [cartId, v.product_id, v.id, now, now],
      );
    const m = meter(store);
    const minimal = { Prefer: "return=minimal" };
    const work = (s: Shopper, tag: string) => async () => {
      await batch(
        s,
        [
          add(`${tag}-1`, 36),
          { idempotency_key: `${tag}-2`, action: "set", product_id: 45, variant_id: null, quantity: 2 },
          { idempotency_key: `${tag}-3`, action: "remove", product_id: 36, variant_id: null },
        ],
        minimal,
      );
      const single = await s.post("/api/checkout/cart/add/36", { quantity: 1 }, { headers: minimal });
      expect(single.status).toBe(200);
      const cart = (await s.get("/api/checkout/cart")).json.data as {
        items: Array<{ id: number; product_id: number }>;
      };
      const line = cart.items.find((i) => i.product_id === 45)!.id;
      return { line };
    };
    const lineSmall = (await work(small, "warm-small")()).line;
    const lineLarge = (await work(large, "warm-large")()).line;
    const cost = async (s: Shopper, tag: string, line: number) =>
      await m.measure(async () => {
        await batch(
          s,
          [
            add(`${tag}-1`, 36),
            { idempotency_key: `${tag}-2`, action: "set", product_id: 45, variant_id: null, quantity: 3 },
            { idempotency_key: `${tag}-3`, action: "remove", product_id: 36, variant_id: null },
          ],
          minimal,
        );
        await s.post("/api/checkout/cart/add/36", { quantity: 1 }, { headers: minimal });
        await s.put("/api/checkout/cart/update", { qty: { [line]: 1 } }, { headers: minimal });
      });
    const forSmall = await cost(small, "small", lineSmall);
    const forLarge = await cost(large, "large", lineLarge);
    expect((await large.get("/api/checkout/cart")).json.data.items).toHaveLength(101);
    expect(forSmall.queries).toBeGreaterThan(10);
    expect(forLarge).toEqual(forSmall);
  });
});
