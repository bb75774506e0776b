import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { App } from "./app";
import { createProxyApp, parseBagistoUrl } from "./bagisto-proxy";
import { createLogger, type LogLevel } from "./lib/log";
import { PostgresStore } from "./db/postgres-store";
import { makeApp, makeStore, shopper, standInDist, testDialect } from "./test-utils";
import { freePort } from "./test-port";

const TOKEN = "metrics-token-for-tests-0123456789";

/** A logger at the default level (info) whose lines the test reads. */
function capture() {
  const lines: { level: LogLevel; line: Record<string, unknown> }[] = [];
  const log = createLogger("info", (line, level) => lines.push({ level, line: JSON.parse(line) }));
  return { log, lines };
}

const scrape = (
  app: Pick<App, "request">,
  headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` },
) => app.request("/metrics", { headers });

/** The samples of a Prometheus text exposition: `name{labels}` → value. */
async function samples(app: Pick<App, "request">): Promise<Map<string, number>> {
  const res = await scrape(app);
  expect(res.status).toBe(200);
  const out = new Map<string, number>();
  for (const line of (await res.text()).split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const at = line.lastIndexOf(" ");
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}

const durationCount = (route: string, status = "2xx", method = "GET") =>
  `http_request_duration_seconds_count{method="${method}",route="${route}",status_class="${status}"}`;

describe("request lines", () => {
  it("writes exactly one line per request at the default level: method, route pattern, status, ms, id, instance", async () => {
    const { log, lines } = capture();
    const app = await makeApp({ log, instance: "shop-a.1" });
    // A query string (here a token-like value) and the product id are never written: the route pattern is.
    const res = await app.request("/api/products/1?key=secret-value&currency=EUR");
    expect(res.status).toBe(200);
    const missing = await app.request("/api/products/999999");
    expect(missing.status).toBe(404);
    const requests = lines.filter((l) => l.line.msg === "request");
    expect(requests.map((l) => l.level)).toEqual(["info", "info"]);
    expect(requests[0]!.line).toEqual({
      time: expect.any(String),
      level: "info",
      msg: "request",
      request_id: res.headers.get("x-request-id"),
      method: "GET",
      route: "/api/products/:id",
      status: 200,
      ms: expect.any(Number),
      instance: "shop-a.1",
    });
    expect(requests[1]!.line).toMatchObject({ route: "/api/products/:id", status: 404 });
    const written = lines.map((l) => JSON.stringify(l.line)).join("\n");
    expect(written).not.toContain("secret-value");
    expect(written).not.toContain("999999");
    // No slow-request warning under the default threshold (1 s) for these.
    expect(lines.filter((l) => l.line.msg === "slow request")).toEqual([]);
  });

  it("names an address no route matches `(unmatched)`, logs refusals, and health checks at debug only", async () => {
    const { log, lines } = capture();
    const app = await makeApp({ log });
    expect((await app.request("/api/no-such-thing/42")).status).toBe(404);
    expect((await app.request("/healthz")).status).toBe(200);
    // A refused address (a NUL character) has its line too.
    const refused = await app.request("/api/products/1%00");
    expect(refused.status).toBe(422);
    const requests = lines.filter((l) => l.line.msg === "request").map((l) => l.line);
    expect(requests).toEqual([
      expect.objectContaining({ route: "(unmatched)", status: 404 }),
      expect.objectContaining({
        request_id: refused.headers.get("x-request-id"),
        route: "/api/products/:id",
        status: 422,
      }),
    ]);
  });

  it("adds a warning line for a request slower than SLOW_REQUEST_MS", async () => {
    const { log, lines } = capture();
    // A threshold of 0 ms: every request is over it (no clock is asserted).
    const app = await makeApp({ log, slowRequestMs: 0 });
    const res = await app.request("/api/categories");
    const slow = lines.filter((l) => l.line.msg === "slow request");
    expect(slow).toEqual([
      {
        level: "warn",
        line: expect.objectContaining({
          request_id: res.headers.get("x-request-id"),
          route: "/api/categories",
          status: 200,
          threshold_ms: 0,
        }),
      },
    ]);
    expect(lines.filter((l) => l.line.msg === "request")).toHaveLength(1);
  });
});

describe("/metrics", () => {
  it("is answered only with METRICS_TOKEN as a bearer token, never cached", async () => {
    const off = await makeApp();
    const none = await scrape(off);
    expect(none.status).toBe(404);
    expect(none.headers.get("cache-control")).toBe("no-store");

    const app = await makeApp({ metricsToken: TOKEN });
    const anonymous = await scrape(app, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(anonymous.headers.get("cache-control")).toBe("no-store");
    const wrong = await scrape(app, { Authorization: "Bearer not-the-token" });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).not.toContain("http_request");
    const basic = await scrape(app, {
      Authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}`,
    });
    expect(basic.status).toBe(401);

    const ok = await scrape(app);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.headers.get("cache-control")).toBe("no-store");
    const text = await ok.text();
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    expect(text).toContain("# TYPE shop_cart_batch_changes histogram");
  });

  it("counts requests per route pattern in the duration histogram", async () => {
    const app = await makeApp({ metricsToken: TOKEN });
    await app.request("/api/products/1");
    const before = await samples(app);
    const first = before.get(durationCount("/api/products/:id")) ?? 0;
    expect(first).toBe(1);
    await app.request("/api/products/1");
    await app.request("/api/products/2?currency=EUR");
    await app.request("/api/products/999999");
    const after = await samples(app);
    expect(after.get(durationCount("/api/products/:id"))).toBe(first + 2);
    expect(after.get(durationCount("/api/products/:id", "4xx"))).toBe(1);
    // The scrape before this one is counted too; no address, only patterns, are labels.
    expect(after.get(durationCount("/metrics"))).toBe(1);
    expect([...after.keys()].some((k) => k.includes("999999") || k.includes("currency"))).toBe(false);
    const bucket = `http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/products/:id",status_class="2xx"}`;
    expect(after.get(bucket)).toBe(first + 2);
  });

  it("counts catalogue cache hits and misses, and shows the pool on PostgreSQL", async () => {
    const app = await makeApp({ metricsToken: TOKEN });
    await app.request("/api/products/3");
    const before = await samples(app);
    await app.request("/api/products/3");
    // Two products this instance does not hold yet: their reads are one statement, run twice.
    await app.request("/api/products/4");
    await app.request("/api/products/5");
    const after = await samples(app);
    const hits = 'shop_catalog_cache_hits_total{cache="json"}';
    expect(after.get(hits)! - (before.get(hits) ?? 0)).toBeGreaterThanOrEqual(1);
    expect(after.get('shop_catalog_cache_misses_total{cache="json"}')).toBeGreaterThanOrEqual(1);
    if (testDialect === "postgres") {
      expect(after.get("shop_db_pool_max_connections")).toBe(4);
      expect(after.get("shop_db_pool_waiting_clients")).toBe(0);
      expect(after.get("shop_db_pool_connections_in_use")).toBe(0);
      // A statement run twice is kept prepared.
      expect(after.get("shop_db_prepared_statements")).toBeGreaterThan(0);
    } else {
      expect(after.has("shop_db_pool_max_connections")).toBe(false);
    }
  });

  it("shows an outbox cart batch in the batch-size histogram", async () => {
    const app = await makeApp({ metricsToken: TOKEN });
    const s = shopper(app);
    const r = await s.post("/api/checkout/cart/batch", {
      changes: [
        { idempotency_key: "m-1", action: "add", product_id: 45, quantity: 2 },
        { idempotency_key: "m-2", action: "add", product_id: 36, quantity: 1 },
        { idempotency_key: "m-3", action: "set", product_id: 45, variant_id: null, quantity: 3 },
      ],
    });
    expect(r.status).toBe(200);
    const m = await samples(app);
    expect(m.get("shop_cart_batch_changes_count")).toBe(1);
    expect(m.get("shop_cart_batch_changes_sum")).toBe(3);
    expect(m.get('shop_cart_batch_changes_bucket{le="2"}')).toBe(0);
    expect(m.get('shop_cart_batch_changes_bucket{le="3"}')).toBe(1);
    expect(m.get(durationCount("/api/checkout/cart/batch", "2xx", "POST"))).toBe(1);
  });

  it("counts SMS sent and failed", async () => {
    let fail = false;
    const app = await makeApp({
      metricsToken: TOKEN,
      sms: {
        name: "fake",
        send: async () => {
          if (fail) throw new Error("provider down");
        },
      },
    });
    // Both series are there before the first text (an alert on failures sees the first one).
    const before = await samples(app);
    expect(before.get('shop_outgoing_messages_total{channel="sms",sender="fake",outcome="sent"}')).toBe(0);
    expect(before.get('shop_outgoing_messages_total{channel="sms",sender="fake",outcome="failed"}')).toBe(0);
    const s = shopper(app);
    expect((await s.post("/api/send-verification-code", { phone: "+447700900001" })).status).toBe(200);
    fail = true;
    expect((await s.post("/api/send-verification-code", { phone: "+447700900002" })).status).toBe(503);
    const m = await samples(app);
    expect(m.get('shop_outgoing_messages_total{channel="sms",sender="fake",outcome="sent"}')).toBe(1);
    expect(m.get('shop_outgoing_messages_total{channel="sms",sender="fake",outcome="failed"}')).toBe(1);
  });

  it("labels the storefront's pages and files, and shows the page cache", async () => {
    const dist = standInDist(
      `export function configureRenderer() {}
export async function renderPage(url) { return { html: "<h1>" + url + "</h1>", head: "", handoff: "", status: 200 }; }`,
    );
    const { log, lines } = capture();
    const app = await makeApp({ metricsToken: TOKEN, distDir: dist, log });
    for (const path of [
      "/product/cub-balance-12",
      "/product/cub-balance-12",
      "/category/bikes",
      "/index.html",
    ])
      expect((await app.request(`http://shop.test${path}`)).status).toBe(200);
    expect(lines.filter((l) => l.line.msg === "request").map((l) => l.line.route)).toEqual([
      "(page)",
      "(page)",
      "(page)",
      "(file)",
    ]);
    const m = await samples(app);
    expect(m.get("shop_page_cache_pages")).toBe(2);
    expect(m.get('shop_page_cache_lookups_total{result="hit"}')).toBe(1);
    expect(m.get('shop_page_cache_lookups_total{result="miss"}')).toBe(2);
    expect(m.get(durationCount("(page)"))).toBe(3);
  });

  it("keeps each app's metrics apart in one process", async () => {
    const a = await makeApp({ metricsToken: TOKEN });
    const b = await makeApp({ metricsToken: TOKEN });
    await a.request("/api/categories");
    await a.request("/api/categories");
    await b.request("/api/categories");
    expect((await samples(a)).get(durationCount("/api/categories"))).toBe(2);
    expect((await samples(b)).get(durationCount("/api/categories"))).toBe(1);
  });
});

describe("in front of Bagisto (BAGISTO_URL)", () => {
  it("writes the same request line, and answers /metrics with the token only", async () => {
    const { log, lines } = capture();
    const app = createProxyApp({
      upstream: parseBagistoUrl("http://bagisto.test/api"),
      log,
      distDir: null,
      instance: "proxy-1",
      metricsToken: TOKEN,
      fetch: (async () => Response.json({ data: [] })) as unknown as typeof fetch,
    });
    const res = await app.request("/api/products?category_id=5&key=secret-value");
    expect(res.status).toBe(200);
    const requests = lines.filter((l) => l.line.msg === "request").map((l) => l.line);
    expect(requests).toEqual([
      expect.objectContaining({
        request_id: res.headers.get("x-request-id"),
        method: "GET",
        route: "/api/*",
        status: 200,
        instance: "proxy-1",
      }),
    ]);
    expect(JSON.stringify(requests)).not.toContain("secret-value");
    expect((await scrape(app, {})).status).toBe(401);
    expect((await samples(app)).get(durationCount("/api/*"))).toBe(1);
  });
});

describe("under --instances 2 (node:cluster)", () => {
  it("answers /metrics with every instance's requests summed, whichever instance the scrape reaches", async () => {
    const port = await freePort();
    const seeded = await makeStore();
    const database = seeded instanceof PostgresStore ? seeded.url : null;
    await seeded.close();
    const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts", "--instances", "2"], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        PORT: String(port),
        HOST: "127.0.0.1",
        ...(database ? { DATABASE_URL: database } : {}),
        DATABASE_FILE: join(mkdtempSync(join(tmpdir(), "metrics-")), "shop.sqlite"),
        DIST_DIR: "/nonexistent",
        LOG_LEVEL: "info",
        METRICS_TOKEN: TOKEN,
        INSTANCE_ID: "web",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    child.stdout.on("data", (d) => (log += String(d)));
    child.stderr.on("data", (d) => (log += String(d)));
    try {
      const origin = `http://127.0.0.1:${port}`;
      // Both instances are up when each has answered (a new connection each time: node:cluster hands
      // connections to the workers in turn).
      const instances = new Set<string>();
      let answered = 0;
      for (let i = 0; instances.size < 2; i++) {
        try {
          const res = await fetch(`${origin}/api/categories`, { headers: { Connection: "close" } });
          await res.arrayBuffer();
          if (res.ok) answered++;
        } catch {
          // starting
        }
        for (const m of log.matchAll(/"instance":"(web\.\d+)"/g)) instances.add(m[1]!);
        if (i > 600) throw new Error(`the instances did not start: ${log}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const scraped = await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(scraped.status).toBe(200);
      const text = await scraped.text();
      expect(text).toMatch(/^shop_instances 2$/m);
      const count = new RegExp(
        `^${durationCount("/api/categories").replace(/[{}()[\]/.*+?^$|\\]/g, "\\$&")} (\\d+)$`,
        "m",
      ).exec(text);
      expect(Number(count?.[1])).toBe(answered);
      if (database) expect(text).toMatch(/^shop_db_pool_max_connections 20$/m);
    } finally {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
  }, 120_000);
});
