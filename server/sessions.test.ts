import { createHash, createHmac, randomBytes } from "node:crypto";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type { App, AppOptions } from "./app";
import type { Store } from "./db/store";
import {
  CHECKOUT_ADDRESS,
  DEMO_CUSTOMER,
  makeApp,
  makeStorePair,
  sessionStarted,
  type Reply,
} from "./test-utils";

/**
 * Issue 36, security review N4, N6, N7, N16: guest sessions are only ever issued by the server, rotated when
 * they gain something worth taking, and an Idempotency-Key is never a credential by itself. Every race sends
 * its requests at once (Promise.all) to two instances of the shop on one database (two pools on one
 * PostgreSQL database in the `postgres` project; two apps over one SQLite connection in `unit`).
 */

let stores: Store[] = [];
async function twoInstances(opts: Partial<AppOptions> = {}): Promise<{ apps: App[]; db: Store }> {
  const [a, b] = await makeStorePair();
  stores.push(a);
  if (b !== a) stores.push(b);
  return { apps: [await makeApp({ ...opts, store: a }), await makeApp({ ...opts, store: b })], db: a };
}
afterAll(async () => {
  for (const s of stores) await s.close();
  stores = [];
});
afterEach(() => {
  vi.useRealTimers();
});

const sha256 = (v: string) => createHash("sha256").update(v).digest("base64url");

/** A session id of the server's form (lib/auth.ts), signed with some other secret than this shop's. */
function foreignSessionId(): string {
  const id = randomBytes(24).toString("base64url");
  const mac = createHmac("sha256", "some-other-shop-secret-0123456789abcdef")
    .update(`guest-session\n${id}`)
    .digest("base64url");
  return `${id}${mac.slice(0, 32)}`;
}

/** The `name=value` a reply's Set-Cookie sets, or null. */
const setCookie = (r: { headers: Headers }) => r.headers.get("set-cookie")?.split(";")[0] ?? null;
const valueOf = (pair: string | null) => (pair ? pair.slice(pair.indexOf("=") + 1) : null);

interface SendOpts {
  body?: unknown;
  key?: string;
  /** the reply never reaches the device: its cookie is not kept */
  lose?: boolean;
  /** a `session_started` 409 as it is (the storefront's client sends the write again with the new cookie) */
  asIs?: boolean;
  /** the instance (index) to send to; else the next in turn */
  to?: number;
}

/**
 * A device: its cookie jar (one session cookie, which a test may plant) and its token. Requests go to the
 * instances in turn, as a load balancer without affinity sends them, unless `to` says which.
 */
function device(apps: App[], start = 0) {
  let turn = start;
  const d = {
    cookie: "",
    token: null as string | null,
    async send(method: string, path: string, o: SendOpts = {}): Promise<Reply> {
      const app = apps[o.to ?? turn++ % apps.length]!;
      const url = new URL(path, "http://shop.test");
      const headers: Record<string, string> = { Accept: "application/json", "X-Requested-With": "fetch" };
      if (d.token) {
        url.searchParams.set("token", "true");
        headers.Authorization = `Bearer ${d.token}`;
      }
      if (o.key) headers["Idempotency-Key"] = o.key;
      if (d.cookie) headers.Cookie = d.cookie;
      if (o.body !== undefined) headers["Content-Type"] = "application/json";
      const res = await app.request(url.toString(), {
        method,
        headers,
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
      });
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      const again = !o.asIs && sessionStarted(res.status, json);
      const set = setCookie(res);
      if (set && (!o.lose || again)) d.cookie = set;
      if (again) return d.send(method, path, { ...o, asIs: true, to: o.to });
      return { status: res.status, json, text, headers: res.headers };
    },
    get: (path: string, o: SendOpts = {}) => d.send("GET", path, o),
    post: (path: string, body: unknown, o: SendOpts = {}) => d.send("POST", path, { ...o, body }),
    cart: async (to?: number) => (await d.get("/api/checkout/cart", { to })).json.data,
    async login(to?: number) {
      const r = await d.post(
        "/api/customer/login",
        { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
        { to },
      );
      expect(r.status).toBe(200);
      d.token = r.json.token as string;
      return r;
    },
  };
  return d;
}
type Device = ReturnType<typeof device>;

const lines = (cart: { items: { product_id?: number; quantity: number }[] } | null) =>
  (cart?.items ?? []).map((i) => [Number(i.product_id), i.quantity]);

const VICTIM_ADDRESS = {
  ...CHECKOUT_ADDRESS,
  first_name: "Vic",
  last_name: "Tim",
  email: "vic@example.test",
};
const addressBody = { billing: { ...VICTIM_ADDRESS, use_for_shipping: true }, shipping: { address1: [""] } };

/** A guest's whole checkout on the device's session, keyed as the storefront sends it; the order's id. */
async function guestCheckout(d: Device, tag: string): Promise<number> {
  expect((await d.post("/api/checkout/cart/add/36", { quantity: 1 }, { key: `${tag}-add` })).status).toBe(
    200,
  );
  expect((await d.post("/api/checkout/save-address", addressBody, { key: `${tag}-address` })).status).toBe(
    200,
  );
  const shipping = { shipping_method: "flatrate_flatrate" };
  expect((await d.post("/api/checkout/save-shipping", shipping, { key: `${tag}-ship` })).status).toBe(200);
  const payment = { payment: { method: "cashondelivery" } };
  expect((await d.post("/api/checkout/save-payment", payment, { key: `${tag}-pay` })).status).toBe(200);
  const order = await d.post("/api/checkout/save-order", undefined, { key: `${tag}-order` });
  expect(order.status).toBe(200);
  return order.json.order.id as number;
}

/** A session the server minted, as an attacker gets one: by opening a cart of their own. */
async function mintedSession(apps: App[]): Promise<{ attacker: Device; cookie: string }> {
  const attacker = device(apps);
  expect((await attacker.post("/api/checkout/cart/add/45", { quantity: 1 })).status).toBe(200);
  expect(attacker.cookie).toMatch(/^(__Host-)?bagisto_session=[\w-]{64}$/);
  return { attacker, cookie: attacker.cookie };
}

describe("guest sessions are only server-issued (N6, N7)", () => {
  it("treats an invented, foreign-signed or (behind https) plain-named cookie as no session: the write gets a new one", async () => {
    const { apps, db } = await twoInstances({ publicOrigin: "https://shop.example" });
    const { cookie: minted } = await mintedSession(apps);
    expect(minted).toMatch(/^__Host-bagisto_session=/);
    const invented = [
      "__Host-bagisto_session=attackerchosen0000000000",
      `__Host-bagisto_session=${randomBytes(48).toString("base64url")}`,
      `__Host-bagisto_session=${foreignSessionId()}`,
      // The id the server minted, under the name a sibling subdomain or an http reply can plant.
      `bagisto_session=${valueOf(minted)}`,
    ];
    const devices = invented.flatMap((cookie, i) =>
      [false, true].map((keyed) => {
        const d = device(apps, i);
        d.cookie = cookie;
        return { d, cookie, keyed };
      }),
    );
    const replies = await Promise.all(
      devices.map(({ d, keyed }, i) =>
        d.post("/api/checkout/cart/add/36", { quantity: 1 }, keyed ? { key: `inv-${i}`, asIs: true } : {}),
      ),
    );
    for (const [i, r] of replies.entries()) {
      const { cookie, keyed } = devices[i]!;
      const fresh = setCookie(r);
      expect(fresh, cookie).toMatch(/^__Host-bagisto_session=[\w-]{64}$/);
      expect(valueOf(fresh)).not.toBe(valueOf(cookie));
      // Keyed: nothing made, nothing kept, until it comes again with the new session.
      expect(r.status).toBe(keyed ? 409 : 200);
    }
    expect(await db.raw("select key_hash from idempotency_keys")).toEqual([]);
    // No cart was ever opened for an invented value; each un-keyed write opened its own new session's cart.
    const hashes = (await db.raw<{ session_hash: string }>("select session_hash from carts")).map(
      (c) => c.session_hash,
    );
    for (const cookie of invented.slice(0, 3)) expect(hashes).not.toContain(sha256(valueOf(cookie)!));
    const reads = await Promise.all(
      devices.map(async ({ d, keyed }) => [keyed, lines(await d.cart())] as const),
    );
    for (const [keyed, read] of reads) expect(read).toEqual(keyed ? [] : [[36, 1]]);
    // The minted id is still a session, but only under the __Host- name.
    const planted = device(apps);
    planted.cookie = `bagisto_session=${valueOf(minted)}`;
    const hosted = device(apps);
    hosted.cookie = minted;
    const [byPlain, byHost] = await Promise.all([planted.cart(0), hosted.cart(1)]);
    expect(byPlain).toBeNull();
    expect(lines(byHost)).toEqual([[45, 1]]);
  });

  it("counts new guest carts per address whatever the cookie: a fresh session per write opens no more than the limit", async () => {
    const limit = 3;
    const { apps, db } = await twoInstances({
      rateLimits: { guestSessions: { limit, windowMs: 60_000 } },
    });
    const [before] = await db.raw<{ n: number }>("select count(*) as n from carts");
    const flood = Array.from({ length: 12 }, (_, i) => {
      const d = device(apps, i);
      // Half come with an invented cookie, half follow the session the server starts for a keyed write.
      if (i % 2 === 0) d.cookie = `bagisto_session=${randomBytes(24).toString("base64url")}`;
      return d.post("/api/checkout/cart/add/36", { quantity: 1 }, i % 2 ? { key: `flood-${i}` } : {});
    });
    const statuses = (await Promise.all(flood)).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - limit);
    const [after] = await db.raw<{ n: number }>("select count(*) as n from carts");
    expect(Number(after!.n) - Number(before!.n)).toBe(limit);
  });
});

describe("a planted session id is rotated away (N7)", () => {
  it("at save-address: the attacker's copy sees neither the cart nor the address, and the lost reply's retry gets the new cookie again", async () => {
    const { apps } = await twoInstances();
    const { attacker, cookie: planted } = await mintedSession(apps);
    const victim = device(apps, 1);
    victim.cookie = planted;
    expect((await victim.post("/api/checkout/cart/add/36", { quantity: 1 }, { key: "v-add" })).status).toBe(
      200,
    );
    // The reply to the victim's address, with the new cookie, is lost: the victim still holds the planted id.
    const saved = await victim.post("/api/checkout/save-address", addressBody, {
      key: "v-address",
      lose: true,
    });
    expect(saved.status).toBe(200);
    const rotated = setCookie(saved);
    expect(rotated).toMatch(/^bagisto_session=[\w-]{64}$/);
    expect(rotated).not.toBe(planted);
    expect(victim.cookie).toBe(planted);

    // At once, on both instances: the victim's retry of the same write, the attacker reading with the planted
    // id, and the attacker replaying the victim's key without a cookie.
    const thief = device(apps);
    const [retry, ...others] = await Promise.all([
      victim.post("/api/checkout/save-address", addressBody, { key: "v-address", to: 1 }),
      attacker.get("/api/checkout/cart", { to: 0 }),
      attacker.get("/api/checkout/cart", { to: 1 }),
      thief.post("/api/checkout/save-address", addressBody, { key: "v-address", asIs: true, to: 0 }),
    ]);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(setCookie(retry)).toBe(rotated);
    expect(victim.cookie).toBe(rotated);
    for (const r of others) {
      expect(r.text).not.toContain("vic@example.test");
      expect(r.headers.get("idempotent-replayed")).toBeNull();
    }
    expect(others[0]!.json.data).toBeNull();
    expect(others[1]!.json.data).toBeNull();
    expect(others[2]!.status).toBe(409);
    expect([planted, rotated]).not.toContain(setCookie(others[2]!));

    const cart = await victim.cart(0);
    expect(lines(cart)).toEqual([
      [45, 1],
      [36, 1],
    ]);
    expect(cart.billing_address.email).toBe("vic@example.test");
  });

  it("at log-in (password or code) and log-out: the victim's later guest cart and order stay out of every old id's reach", async () => {
    const { apps } = await twoInstances();
    const { attacker, cookie: planted } = await mintedSession(apps);
    const victim = device(apps, 1);
    victim.cookie = planted;
    const seen: string[] = [planted];
    await victim.post("/api/checkout/cart/add/36", { quantity: 1 }, { key: "l-add-1" });

    const byPassword = await victim.login(0);
    expect(setCookie(byPassword)).toMatch(/^bagisto_session=[\w-]{64}$/);
    expect(seen).not.toContain(victim.cookie);
    seen.push(victim.cookie);
    // The storefront forgets its token offline without telling the server (review N20): a guest again.
    victim.token = null;
    const guestAdd = await victim.post("/api/checkout/cart/add/45", { quantity: 1 }, { key: "l-add-2" });
    expect(guestAdd.json.message).toBe("Item was successfully added to cart.");
    expect(lines(await attacker.cart(1))).toEqual([]);
    expect(lines(await victim.cart())).toEqual([[45, 1]]);

    // Log-in by one-time code, then log-out.
    const phone = "+919800000077";
    expect((await victim.post("/api/send-verification-code", { phone }, { to: 1 })).status).toBe(200);
    const { code } = (await victim.get(`/api/test/last-otp?phone=${encodeURIComponent(phone)}`, { to: 1 }))
      .json;
    const byCode = await victim.post("/api/verify-code", { phone, code }, { to: 0 });
    expect(byCode.json.status).toBe(true);
    victim.token = byCode.json.token as string;
    expect(seen).not.toContain(victim.cookie);
    seen.push(victim.cookie);
    const out = await victim.get("/api/customer/logout", { to: 1 });
    expect(out.status).toBe(200);
    victim.token = null;
    expect(seen).not.toContain(victim.cookie);
    seen.push(victim.cookie);

    // The victim's guest checkout afterwards.
    const orderId = await guestCheckout(victim, "after");
    expect(seen).not.toContain(victim.cookie);
    expect((await victim.get(`/api/orders/${orderId}`)).status).toBe(200);

    // Whoever holds any id the victim had before (planted, or copied on the way) reaches nothing of it.
    const holders = seen.map((cookie) => {
      const d = device(apps);
      d.cookie = cookie;
      return d;
    });
    const tries = await Promise.all(
      holders.flatMap((d, i) => [
        d.get(`/api/orders/${orderId}`, { to: i % 2 }),
        d.post(`/api/orders/${orderId}/cancel`, undefined, { to: (i + 1) % 2 }),
        d.get("/api/checkout/cart", { to: i % 2 }),
      ]),
    );
    for (const r of tries) {
      expect(r.text).not.toContain("vic@example.test");
      expect(r.status === 200 ? r.json.data : null).toBeNull();
    }
    expect((await victim.get(`/api/orders/${orderId}`)).json.data.status).toBe("pending");
  });
});

describe("a guest's session is rotated at order placement (N7)", () => {
  it("the id that placed the order reaches it no more, and the lost reply's exact replay sets the new cookie again", async () => {
    const { apps } = await twoInstances();
    const victim = device(apps);
    await victim.post("/api/checkout/cart/add/36", { quantity: 1 }, { key: "o-add" });
    await victim.post("/api/checkout/save-address", addressBody, { key: "o-address" });
    await victim.post(
      "/api/checkout/save-shipping",
      { shipping_method: "flatrate_flatrate" },
      { key: "o-ship" },
    );
    await victim.post(
      "/api/checkout/save-payment",
      { payment: { method: "cashondelivery" } },
      { key: "o-pay" },
    );
    const before = victim.cookie;
    // The order's reply, with the new cookie, is lost.
    const placed = await victim.post("/api/checkout/save-order", undefined, {
      key: "o-order",
      lose: true,
      to: 0,
    });
    expect(placed.status).toBe(200);
    const orderId = placed.json.order.id as number;
    const rotated = setCookie(placed);
    expect(rotated).toMatch(/^bagisto_session=[\w-]{64}$/);
    expect(rotated).not.toBe(before);

    // At once: the victim's retry (old cookie), another holder of the old id, a cookieless replay of the key.
    const copy = device(apps);
    copy.cookie = before;
    const thief = device(apps);
    const [retry, byCopy, cancelByCopy, byKey] = await Promise.all([
      victim.post("/api/checkout/save-order", undefined, { key: "o-order", to: 1 }),
      copy.get(`/api/orders/${orderId}`, { to: 0 }),
      copy.post(`/api/orders/${orderId}/cancel`, undefined, { to: 1 }),
      thief.post("/api/checkout/save-order", undefined, { key: "o-order", asIs: true, to: 0 }),
    ]);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.json.order.id).toBe(orderId);
    expect(setCookie(retry)).toBe(rotated);
    expect(victim.cookie).toBe(rotated);
    expect(byCopy.status).toBe(404);
    expect(cancelByCopy.status).toBe(404);
    expect(byKey.status).toBe(409);
    expect([before, rotated]).not.toContain(setCookie(byKey));
    for (const r of [byCopy, cancelByCopy, byKey]) expect(r.text).not.toContain("vic@example.test");
    const mine = await victim.get(`/api/orders/${orderId}`, { to: 1 });
    expect(mine.json.data.status).toBe("pending");
    expect(mine.json.data.customer_email).toBe("vic@example.test");
  });
});

describe("an Idempotency-Key is never a credential by itself (N4)", () => {
  it("the victim's keys replayed without a cookie, alone or in a batch, on both instances, yield neither its cookie nor its cart", async () => {
    const { apps, db } = await twoInstances();
    const victim = device(apps);
    // The victim's first write comes without a cookie, as a new visitor's does.
    const first = await victim.post("/api/checkout/cart/add/36", { quantity: 1 }, { key: "victim-1" });
    expect(first.status).toBe(200);
    const session = victim.cookie;
    expect(session).toMatch(/^bagisto_session=[\w-]{64}$/);
    // The address reply (and its new cookie) is lost.
    const lost = await victim.post("/api/checkout/save-address", addressBody, {
      key: "victim-2",
      lose: true,
    });
    const rotated = setCookie(lost);
    expect(victim.cookie).toBe(session);

    const batchBody = {
      changes: [{ idempotency_key: "victim-1", action: "add", product_id: 36, quantity: 1 }],
    };
    const attackers = Array.from({ length: 6 }, (_, i) => device(apps, i));
    const [victimRetry, ...stolen] = await Promise.all([
      victim.post("/api/checkout/save-address", addressBody, { key: "victim-2", to: 1 }),
      ...attackers.map((a, i) =>
        i % 3 === 0
          ? a.post("/api/checkout/cart/add/36", { quantity: 1 }, { key: "victim-1", asIs: true, to: i % 2 })
          : i % 3 === 1
            ? a.post("/api/checkout/cart/batch", batchBody, { asIs: true, to: i % 2 })
            : a.post("/api/checkout/save-address", addressBody, { key: "victim-2", asIs: true, to: i % 2 }),
      ),
    ]);
    expect(victimRetry.headers.get("idempotent-replayed")).toBe("true");
    expect(setCookie(victimRetry)).toBe(rotated);
    for (const r of stolen) {
      expect(r.status).toBe(409);
      expect(r.json.code).toBe("session_started");
      expect(r.headers.get("idempotent-replayed")).toBeNull();
      expect(r.text).not.toContain("vic@example.test");
      expect([session, rotated]).not.toContain(setCookie(r));
    }
    // Sent again with the sessions they were given: each attacker's own new session, where the keys are new.
    const again = await Promise.all(
      attackers.map((a, i) =>
        i % 3 === 1
          ? a.post("/api/checkout/cart/batch", batchBody, { to: (i + 1) % 2 })
          : a.post("/api/checkout/cart/add/36", { quantity: 1 }, { key: "victim-1", to: (i + 1) % 2 }),
      ),
    );
    for (const r of again) {
      expect(r.status).toBe(200);
      expect(r.headers.get("idempotent-replayed")).toBeNull();
      expect(r.text).not.toContain("vic@example.test");
    }
    for (const a of attackers) {
      const cart = await a.cart();
      expect(lines(cart)).toEqual([[36, 1]]);
      expect(cart.billing_address).toBeNull();
    }
    const mine = await victim.cart();
    expect(lines(mine)).toEqual([[36, 1]]);
    expect(mine.billing_address.email).toBe("vic@example.test");
    const [addresses] = await db.raw<{ n: number }>("select count(*) as n from cart_addresses");
    expect(Number(addresses!.n)).toBe(2);
  });
});

describe("the idempotency store's cap by pool (N16)", () => {
  it("a flood of guest replies evicts neither a customer's kept reply nor an unanswered claim", async () => {
    // Each round of the flood lands a minute after the last, so every instance sweeps once per round.
    vi.useFakeTimers({ toFake: ["Date"] });
    const { apps, db } = await twoInstances({ idempotencyLimits: { maxRows: 20 } });
    const customer = device(apps);
    await customer.login();
    const kept = await customer.post("/api/checkout/cart/add/36", { quantity: 1 }, { key: "cust-kept" });
    expect(kept.status).toBe(200);
    const crashed = device(apps, 1);
    expect(
      (await crashed.post("/api/checkout/cart/add/45", { quantity: 2 }, { key: "guest-claim" })).status,
    ).toBe(200);
    // The state a crash leaves: the guest's change committed with its claim, its reply never written.
    const claim = await db.rawRun(
      "update idempotency_keys set status = 0, body = '', bytes = 0 where customer_id is null",
    );
    expect(claim.changes).toBe(1);

    const guests = Array.from({ length: 8 }, (_, i) => device(apps, i));
    for (let round = 0; round < 6; round++) {
      vi.setSystemTime(Date.now() + 61_000);
      const replies = await Promise.all(
        guests.map((g, i) => g.get("/api/checkout/cart/empty", { key: `flood-${round}-${i}` })),
      );
      for (const r of replies) expect(r.status).toBe(200);
    }
    const [guestRows] = await db.raw<{ n: number }>(
      "select count(*) as n from idempotency_keys where customer_id is null and status > 0",
    );
    expect(Number(guestRows!.n)).toBeLessThan(48);

    const [again, claimed] = await Promise.all([
      customer.post("/api/checkout/cart/add/36", { quantity: 1 }, { key: "cust-kept", to: 1 }),
      crashed.post("/api/checkout/cart/add/45", { quantity: 2 }, { key: "guest-claim", to: 0 }),
    ]);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(claimed.headers.get("idempotent-replayed")).toBe("true");
    expect(lines(await customer.cart())).toEqual([[36, 1]]);
    expect(lines(await crashed.cart())).toEqual([[45, 2]]);
  });
});
