import { serve } from "@hono/node-server";
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createApp } from "./app";
import { openDatabase } from "./open-database";
import { SqliteStore } from "./db/sqlite-store";
import { TEST_SCRYPT } from "./lib/crypto";
import { createLogger } from "./lib/log";
import { PRODUCTION_RATE_LIMITS } from "./lib/rate-limit";
import {
  DEMO_CUSTOMER,
  makeApp,
  makeStore,
  sessionStarted,
  shopper,
  testDialect,
  type Reply,
  type Shopper,
} from "./test-utils";

/**
 * A browser-like guest that keeps its cookie, but whose replies can be lost (the cookie with them). As the
 * storefront's client, a keyed write the server answers with a new session (`session_started`) is sent again
 * at once with it (`asIs`: not).
 */
function guest(app: Awaited<ReturnType<typeof makeApp>>) {
  let cookie = "";
  return {
    get cookie() {
      return cookie;
    },
    async send(
      method: string,
      path: string,
      key?: string,
      body?: unknown,
      opts: { lose?: boolean; asIs?: boolean } = {},
    ): Promise<Pick<Reply, "status" | "headers" | "json">> {
      const headers: Record<string, string> = { Accept: "application/json", "X-Requested-With": "fetch" };
      if (key) headers["Idempotency-Key"] = key;
      if (cookie) headers.Cookie = cookie;
      if (body !== undefined) headers["Content-Type"] = "application/json";
      const res = await app.request(`http://shop.test${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = JSON.parse((await res.text()) || "null");
      const again = !opts.asIs && sessionStarted(res.status, json);
      if (!opts.lose || again) {
        const set = res.headers.get("set-cookie");
        if (set) cookie = set.split(";")[0]!;
      }
      if (again) return this.send(method, path, key, body, { ...opts, asIs: true });
      return { status: res.status, headers: res.headers, json };
    },
  };
}

const cartLines = (reply: {
  json: { data: { items: { product_id?: number; quantity: number }[] } | null };
}) => (reply.json.data?.items ?? []).map((i) => [Number(i.product_id), i.quantity]);

describe("a guest's lost reply keeps the cart (review M5)", () => {
  it("starts a guest's session before its first keyed write, so a lost reply loses no cookie and its retry replays (N4)", async () => {
    const app = await makeApp();
    const g = guest(app);
    // No session yet: nothing is made, the reply sets a fresh session; the write is sent again with it.
    const started = await g.send(
      "POST",
      "/api/checkout/cart/add/36",
      "key-a",
      { quantity: 1 },
      { asIs: true },
    );
    expect(started.status).toBe(409);
    expect(started.json.code).toBe("session_started");
    expect(g.cookie).toMatch(/^bagisto_session=[\w-]{64}$/);
    expect(await app.deps.store.raw("select key_hash from idempotency_keys")).toEqual([]);
    // The write, with the cookie: made; its reply is lost, the cookie is not (it came before).
    const first = await g.send("POST", "/api/checkout/cart/add/36", "key-a", { quantity: 1 }, { lose: true });
    expect(first.status).toBe(200);
    expect(first.headers.get("set-cookie")).toBeNull();
    const retry = await g.send("POST", "/api/checkout/cart/add/36", "key-a", { quantity: 1 });
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.headers.get("set-cookie")).toBeNull();
    await g.send("POST", "/api/checkout/cart/add/45", "key-b", { quantity: 1 });
    const cart = await g.send("GET", "/api/checkout/cart");
    expect(cartLines(cart)).toEqual([
      [36, 1],
      [45, 1],
    ]);
  });

  it("scopes guest keys to the session: another guest with the same key gets its own reply", async () => {
    const app = await makeApp();
    const one = guest(app);
    const two = guest(app);
    await one.send("POST", "/api/checkout/cart/add/36", "own-key", { quantity: 1 });
    await two.send("POST", "/api/checkout/cart/add/45", "other-key", { quantity: 1 });
    const stolen = await two.send("POST", "/api/checkout/cart/add/36", "own-key", { quantity: 1 });
    expect(stolen.headers.get("idempotent-replayed")).toBeNull();
    expect(cartLines(stolen)).toEqual([
      [45, 1],
      [36, 1],
    ]);
    expect(cartLines(await one.send("GET", "/api/checkout/cart"))).toEqual([[36, 1]]);
  });

  it("never makes a change twice when the process died between the change and its stored reply", async () => {
    const app = await makeApp();
    const g = guest(app);
    await g.send("POST", "/api/checkout/cart/add/36", "crash-key", { quantity: 2 });
    // The state a crash leaves: the claim committed with the change, the reply never written.
    const rows = await app.deps.store.rawRun("update idempotency_keys set status = 0, body = '', bytes = 0");
    expect(rows.changes).toBe(1);
    const retry = await g.send("POST", "/api/checkout/cart/add/36", "crash-key", { quantity: 2 });
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(cartLines(retry)).toEqual([[36, 2]]);
    expect(cartLines(await g.send("GET", "/api/checkout/cart"))).toEqual([[36, 2]]);
  });

  it("commits the claim with the change: a change that failed leaves no claim", async () => {
    const app = await makeApp();
    const g = guest(app);
    const tooMany = await g.send("POST", "/api/checkout/cart/add/36", "stock-key", { quantity: 500 });
    expect(tooMany.json.error).toBeTruthy();
    const claims = await app.deps.store.raw("select status from idempotency_keys");
    expect(claims).toEqual([{ status: 200 }]);
  });
});

describe("a bounded idempotency store (review M1, L3)", () => {
  it("keeps replies only for retryable routes, never for log-in or unknown paths", async () => {
    const app = await makeApp();
    const s = shopper(app);
    const count = async () =>
      (await app.deps.store.raw<{ n: number }>("select count(*) as n from idempotency_keys"))[0]!.n;
    await s.post(
      "/api/customer/login?token=true",
      { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
      { headers: { "Idempotency-Key": "login-key" }, auth: false },
    );
    await s.post("/api/no-such-route-1", {}, { headers: { "Idempotency-Key": "nowhere" } });
    expect(await count()).toBe(0);
    const rows = await app.deps.store.raw<{ body: string }>("select body from idempotency_keys");
    expect(rows.some((r) => r.body.includes("token"))).toBe(false);
    await s.post("/api/checkout/cart/add/36", { quantity: 1 }, { headers: { "Idempotency-Key": "cart-1" } });
    expect(await count()).toBe(1);
  });

  it("drops a customer's stored replies at logout, and a revoked token never reads one", async () => {
    const app = await makeApp();
    const s = shopper(app);
    await s.login();
    const address = {
      first_name: "A",
      last_name: "B",
      address1: ["9 Private Lane"],
      city: "Pune",
      state: "MH",
      country: "IN",
      postcode: "411001",
      phone: "9800000077",
    };
    const key = { headers: { "Idempotency-Key": "addr-1" } };
    expect((await s.post("/api/addresses/create", address, key)).status).toBe(200);
    await s.get("/api/customer/logout");
    const replay = await s.post("/api/addresses/create", address, key);
    expect(replay.status).toBe(401);
    expect(replay.text).not.toContain("Private Lane");
    expect(await app.deps.store.raw("select count(*) as n from idempotency_keys")).toEqual([{ n: 0 }]);
  });

  it("does not keep a reply over the byte cap, and evicts the oldest beyond the total cap", async () => {
    const app = await makeApp({ idempotencyLimits: { maxReplyBytes: 200, maxRows: 3 } });
    const g = guest(app);
    await g.send("POST", "/api/checkout/cart/add/36", "big", { quantity: 1 });
    const big = await app.deps.store.raw("select status, body from idempotency_keys");
    expect(big).toEqual([{ status: 0, body: "" }]);
    const small = await makeApp({ idempotencyLimits: { maxRows: 3 } });
    const h = guest(small);
    for (let i = 0; i < 6; i++) {
      await h.send("PUT", "/api/checkout/cart/update", `u${i}`, { qty: { "999999": 1 } });
      await small.deps.store.rawRun("update idempotency_keys set created_at = ? where created_at > ?", [
        new Date(Date.now() - (10 - i) * 60_000 - 61_000).toISOString(),
        new Date(Date.now() - 1000).toISOString(),
      ]);
    }
    const [kept] = await small.deps.store.raw<{ n: number }>("select count(*) as n from idempotency_keys");
    expect(kept!.n).toBeLessThanOrEqual(4);
  });

  // A fixed number of requests, not a time window: the machine's speed decides how long it takes, never what is
  // asserted (a throughput floor failed once on a loaded CI machine).
  // Each of 1,250 fresh keys comes with an invented cookie (no session: 409 with a fresh one, N6), then again
  // with the session the server just started: only the guest-session limit's worth of carts is ever opened.
  it("a 10-connection flood of 1,250 fresh keys and sessions (2,500 requests) stores no key nor cart beyond the guest-session limit, and grows the database by under 5 MB", async () => {
    const dir = mkdtempSync(join(tmpdir(), "flood-"));
    const file = join(dir, "shop.sqlite");
    const store =
      testDialect === "postgres" ? await makeStore() : await openDatabase(file, { scrypt: TEST_SCRYPT });
    const app = await createApp({
      store,
      env: "test",
      scrypt: TEST_SCRYPT,
      log: createLogger("silent"),
      rateLimits: PRODUCTION_RATE_LIMITS,
    });
    // The database's size on disk: SQLite's file and its write-ahead log, PostgreSQL's database.
    const size = async () =>
      store instanceof SqliteStore
        ? ["", "-wal"].reduce((sum, suffix) => {
            try {
              return sum + statSync(file + suffix).size;
            } catch {
              return sum;
            }
          }, 0)
        : (await store.raw<{ n: number }>("select pg_database_size(current_database()) as n"))[0]!.n;
    if (store instanceof SqliteStore) store.sqlite.pragma("wal_checkpoint(TRUNCATE)");
    const before = await size();
    const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as { port: number };
    const perConnection = 125;
    let sent = 0;
    const statuses = new Map<number, number>();
    const send = async (key: string, cookie: string) => {
      const res = await fetch(`http://127.0.0.1:${port}/api/checkout/cart/add/36`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": key, Cookie: cookie },
        body: JSON.stringify({ quantity: 1 }),
      });
      await res.arrayBuffer();
      sent++;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
    };
    const worker = async () => {
      for (let i = 0; i < perConnection; i++) {
        const key = crypto.randomUUID();
        const fresh = await send(key, `bagisto_session=${crypto.randomUUID().replaceAll("-", "")}`);
        await send(key, fresh);
      }
    };
    await Promise.all(Array.from({ length: 10 }, worker));
    await new Promise((resolve) => server.close(resolve));
    const grown = (await size()) - before;
    const [keys] = await store.raw<{ n: number }>("select count(*) as n from idempotency_keys");
    const [carts] = await store.raw<{ n: number }>("select count(*) as n from carts");
    await store.close();
    expect(sent).toBe(2500);
    const accepted = statuses.get(200) ?? 0;
    // Only the guest sessions the limit lets through get a cart and a stored reply; every refused key is forgotten.
    expect(accepted).toBe(PRODUCTION_RATE_LIMITS.guestSessions.limit);
    expect(statuses.get(409)).toBe(1250);
    expect(statuses.get(429)).toBe(1250 - accepted);
    expect(Number(keys!.n)).toBeLessThanOrEqual(accepted);
    expect(Number(carts!.n)).toBeLessThanOrEqual(accepted);
    expect(grown).toBeLessThan(5 * 1024 * 1024);
  }, 180_000);
});

describe("request guards (review L2, L1, L4, L7)", () => {
  it("refuses state changes through a plain GET, non-JSON bodies and cross-site cookie writes", async () => {
    const app = await makeApp();
    const g = guest(app);
    await g.send("POST", "/api/checkout/cart/add/36", "k1", { quantity: 1 });
    const plain = await app.request("http://shop.test/api/checkout/cart/empty", {
      headers: { Cookie: g.cookie },
    });
    expect(plain.status).toBe(405);
    const form = await app.request("http://shop.test/api/checkout/cart/add/37", {
      method: "POST",
      headers: { Cookie: g.cookie, "Content-Type": "text/plain" },
      body: JSON.stringify({ quantity: 1 }),
    });
    expect(form.status).toBe(415);
    const crossSite = await app.request("http://shop.test/api/checkout/cart/add/37", {
      method: "POST",
      headers: { Cookie: g.cookie, "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site" },
      body: JSON.stringify({ quantity: 1 }),
    });
    expect(crossSite.status).toBe(403);
    expect(cartLines(await g.send("GET", "/api/checkout/cart"))).toEqual([[36, 1]]);
    // The shop's own calls still work.
    const sameOrigin = await app.request("http://shop.test/api/checkout/cart/empty", {
      headers: { Cookie: g.cookie, "Idempotency-Key": "k2", "Sec-Fetch-Site": "same-origin" },
    });
    expect(sameOrigin.status).toBe(200);
  });

  it("never issues a guest session on a shared read; the cart read (never stored) starts one, and stores nothing", async () => {
    const app = await makeApp();
    for (const path of ["/api/products?limit=2", "/api/wishlist", "/api/categories", "/api/exchange-rates"]) {
      const res = await app.request(`http://shop.test${path}`);
      expect(res.headers.get("set-cookie"), path).toBeNull();
    }
    const cart = await app.request("http://shop.test/api/checkout/cart");
    expect(cart.headers.get("cache-control")).toMatch(/no-store/);
    const cookie = cart.headers.get("set-cookie")?.split(";")[0] ?? "";
    expect(cookie).toMatch(/^bagisto_session=[\w-]{64}$/);
    expect(await app.deps.store.raw("select id from carts")).toEqual([]);
    // Read again with it: the same session, no new cookie; a write with a key is made at once (no 409).
    const again = await app.request("http://shop.test/api/checkout/cart", { headers: { Cookie: cookie } });
    expect(again.headers.get("set-cookie")).toBeNull();
    const add = await app.request("http://shop.test/api/checkout/cart/add/36", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json", "Idempotency-Key": "first" },
      body: JSON.stringify({ quantity: 1 }),
    });
    expect(add.status).toBe(200);
    // A forged cookie is not a session: the read starts a real one.
    const forged = await app.request("http://shop.test/api/checkout/cart", {
      headers: { Cookie: `bagisto_session=${"a".repeat(64)}` },
    });
    expect(forged.headers.get("set-cookie")).toMatch(/^bagisto_session=[\w-]{64};/);
    expect(forged.headers.get("set-cookie")).not.toContain("a".repeat(64));
  });

  it("answers an unknown sort with a clear 422, never 500", async () => {
    const s = shopper(await makeApp());
    for (const sort of ["constructor", "__proto__", "toString", "hasOwnProperty", "nope"]) {
      for (const path of ["/api/products", "/api/product-with-additional-information"]) {
        const r = await s.get(`${path}?sort=${sort}`);
        expect(r.status, `${path} ${sort}`).toBe(422);
        expect(r.json.errors.sort).toEqual(["The selected sort is invalid."]);
      }
    }
    expect((await s.get("/api/products?sort=price&order=desc")).status).toBe(200);
  });

  it("never writes the Host header into (cached) replies", async () => {
    const app = await makeApp({ publicOrigin: "https://shop.example" });
    const path = "/api/products?limit=2&category_id=2&page=1";
    await app.request(`http://evil.example${path}`);
    const normal = await app.request(`http://shop.example${path}`);
    const body = await normal.text();
    expect(body).not.toContain("evil.example");
    expect(JSON.parse(body).links.next).toMatch(/^https:\/\/shop\.example\/api\/products\?/);
    const relative = await makeApp();
    await relative.request(`http://evil.example${path}`);
    expect(await (await relative.request(`http://shop.test${path}`)).text()).not.toContain("evil.example");
  });

  it("with an https PUBLIC_ORIGIN sends HSTS and a Secure __Host- session cookie", async () => {
    const app = await makeApp({ publicOrigin: "https://shop.example" });
    const res = await app.request("http://127.0.0.1/api/checkout/cart/add/36", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ quantity: 1 }),
    });
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^__Host-bagisto_session=/);
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("Path=/");
    const cart = await app.request("http://127.0.0.1/api/checkout/cart", {
      headers: { Cookie: cookie.split(";")[0]! },
    });
    expect(cartLines({ json: await cart.json() })).toEqual([[36, 1]]);
    const plain = await makeApp();
    expect(
      (await plain.request("http://127.0.0.1/api/categories")).headers.get("strict-transport-security"),
    ).toBeNull();
  });
});

describe("limits on guest writes (review M1, L10)", () => {
  const limited = () =>
    makeApp({
      rateLimits: {
        reviews: { limit: 2, windowMs: 60_000 },
        coupon: { limit: 2, windowMs: 60_000 },
        guestSessions: { limit: 2, windowMs: 60_000 },
      },
    });
  it("limits reviews, coupon attempts and new guest carts per client", async () => {
    const app = await limited();
    const s: Shopper = shopper(app);
    const review = { name: "N", title: "T", comment: "C", rating: 5 };
    const reviews = [];
    for (let i = 0; i < 3; i++) reviews.push((await s.post("/api/reviews/36/create", review)).status);
    expect(reviews).toEqual([200, 200, 429]);
    await s.post("/api/checkout/cart/add/36", { quantity: 1 });
    const coupons = [];
    for (let i = 0; i < 3; i++)
      coupons.push((await s.post("/api/checkout/cart/coupon", { code: `X${i}` })).status);
    expect(coupons).toEqual([200, 200, 429]);
    const fresh = [];
    for (let i = 0; i < 3; i++)
      fresh.push(
        (await guest(app).send("POST", "/api/checkout/cart/add/36", undefined, { quantity: 1 })).status,
      );
    // the shopper above opened one session already
    expect(fresh).toEqual([200, 429, 429]);
  });
});
