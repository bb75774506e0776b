// `npx tsx bench/request-cpu.ts`: the CPU one request costs the reference server, measured in-process
// (process.cpuUsage around N sequential requests through app.request: no load generator, no sockets, so the
// figures hold on a busy machine where autocannon's do not). Runs on a copy of a bench database
// (data/bench-10k.sqlite by default; `npm run bench:api -- --sizes 10000` generates it).
// A PostgreSQL database (--db postgres://…/bench_100k, e.g. one bench:api --db postgres seeded, or
// `node scripts/pg-cluster.mjs` and server/seed/generate.ts --out) is cloned as a template and the clone dropped.
// Scenarios include "checkout": one guest's order placement, the guest made ready before it, uncounted.
// Options: --db data/bench-10k.sqlite  --n 300 (requests per scenario, after n/3 to warm up)
//          --only "cart-read 2 lines,list uncached" (scenario names, comma-separated; default: all)
//          --repeat 3 (runs of each scenario; the least is printed: other processes only ever add to it)
//          --concurrency 1 (requests in flight at once, as bench:api's connections: 10 lets requests that
//          arrive together share work, e.g. one read of several products' stored detail replies)
// On a PostgreSQL cluster on this machine, the database's CPU per request is printed too: the CPU time of the
// pool's server processes (/proc/<pid>/stat), read around each request (a prepared scenario) or run.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PerformanceObserver } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { createApp, type App } from "../server/app";
import pg from "pg";
import { isPostgresUrl, openStore } from "../server/db/open";
import { postgresSettingsFromEnv } from "../server/db/postgres-store";
import type { Store } from "../server/db/store";
import { TEST_SCRYPT } from "../server/lib/crypto";
import { createLogger } from "../server/lib/log";
import { readyGuest } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "data/bench-10k.sqlite" },
    n: { type: "string", default: "300" },
    only: { type: "string", default: "" },
    repeat: { type: "string", default: "3" },
    concurrency: { type: "string", default: "1" },
  },
});
const n = Number(values.n);
const concurrency = Math.max(1, Number(values.concurrency));
const only = new Set(values.only.split(",").filter(Boolean));
const dir = mkdtempSync(join(tmpdir(), "request-cpu-"));
let location = join(dir, "shop.sqlite");
let dropClone: (() => Promise<void>) | undefined;
if (isPostgresUrl(values.db)) {
  const source = new URL(values.db);
  const template = source.pathname.slice(1);
  const clone = `request_cpu_${process.pid}`;
  const admin = new pg.Client({ connectionString: new URL("/postgres", source).href });
  await admin.connect();
  await admin.query(`create database "${clone}" template "${template}"`);
  location = new URL(`/${clone}`, source).href;
  dropClone = async () => {
    await admin.query(`drop database "${clone}"`);
    await admin.end();
  };
} else copyFileSync(values.db, location);

async function shop(listCacheSize: number): Promise<{ app: App; store: Store }> {
  // The PG_* settings as the server takes them, but connections are never closed for being idle: the
  // database's CPU is read from their server processes.
  const store = openStore(location, {
    postgres: { ...postgresSettingsFromEnv(process.env), idleTimeoutMillis: 0 },
  });
  await store.migrate();
  const app = await createApp({
    store,
    env: "test",
    scrypt: TEST_SCRYPT,
    log: createLogger("silent"),
    listCacheSize,
    serverRender: false,
  });
  return { app, store };
}

// A browser over http (gzip) and over https (brotli too).
const GZIP = { "accept-encoding": "gzip, deflate" };
const BR = { "accept-encoding": "gzip, deflate, br, zstd" };
const { app, store } = await shop(0);
const ids = (
  await store.raw<{ id: number }>("select id from products where type = 'simple' order by id")
).map((r) => r.id);
// A line per product: the simple ones, then one variant of each configurable one.
const lineRefs: { product: number; variant?: number }[] = [
  ...ids.map((product) => ({ product })),
  ...(
    await store.raw<{ product: number; variant: number }>(
      "select product_id as product, min(id) as variant from product_variants group by product_id order by product_id limit 100",
    )
  ).map((r) => ({ product: r.product, variant: r.variant })),
];
// Every product a cart takes may go in it 100 times over (a 100-line cart, adds of one more). Only those: a
// change drops the products' stored views, and the other scenarios read them as a shop does.
const inCarts = [...new Set(lineRefs.slice(0, 100).map((r) => r.product))].join(",");
await store.rawRun(`update products set stock = 100000 where id in (${inCarts})`);
await store.rawRun(`update product_variants set stock = 100000 where product_id in (${inCarts})`);
await app.deps.catalog.refresh(Infinity);
const total = Number((await store.raw<{ n: number | string }>("select count(*) as n from products"))[0]!.n);

/** A guest whose cart holds `lines` lines; answers the cookie and the cart's item ids. */
async function guestCart(lines: number): Promise<{ cookie: string; items: number[] }> {
  let cookie = "";
  for (const ref of lineRefs.slice(0, lines)) {
    const r = await app.request(`/api/checkout/cart/add/${ref.product}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        prefer: "return=minimal",
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(
        ref.variant
          ? { quantity: 1, is_configurable: true, selected_configurable_option: ref.variant }
          : { quantity: 1, is_configurable: false },
      ),
    });
    if (r.status !== 200) throw new Error(`add ${ref.product}: ${r.status} ${await r.text()}`);
    cookie ||= (r.headers.get("set-cookie") ?? "").split(";")[0]!;
  }
  const cart = (await (await app.request("/api/checkout/cart", { headers: { cookie } })).json()) as {
    data: { items: { id: number }[] };
  };
  if (cart.data.items.length !== lines) throw new Error(`${cart.data.items.length} lines, not ${lines}`);
  return { cookie, items: cart.data.items.map((i) => i.id) };
}

/** A search term no request asked before: a piece of 3 to 7 characters of a product's name. */
const names = (await store.raw<{ name: string }>("select name from products")).map((r) => r.name);
const termsAsked = new Set<string>();
function newTerm(): string {
  for (;;) {
    const name = names[Math.floor(Math.random() * names.length)]!;
    const len = 3 + Math.floor(Math.random() * 5);
    const at = Math.floor(Math.random() * Math.max(1, name.length - len + 1));
    const term = name.slice(at, at + len).toLowerCase();
    if (term.length < 3 || term.trim() !== term || termsAsked.has(term)) continue;
    termsAsked.add(term);
    return term;
  }
}

interface Scenario {
  name: string;
  request: (i: number) => Response | Promise<Response>;
  /** run before each request, its CPU not counted (requests then go one at a time) */
  prepare?: (i: number) => Promise<void>;
}

/** The server processes of this database's pool (none on SQLite), asked before the requests measured. */
async function poolPids(): Promise<number[]> {
  if (store.dialect !== "postgres") return [];
  const rows = await store.raw<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and application_name = 'bicycle-shop'",
  );
  return rows.map((r) => r.pid);
}

/**
 * The CPU time (ms) these server processes have used so far, by process id; null when they cannot be read
 * here (SQLite, a cluster on another machine, no /proc). Reads files only: no statement of its own is counted.
 * A connection the pool opens during the measured requests is not (the warm-up opens them).
 */
function databaseCpu(pids: number[]): Map<number, number> | null {
  if (!pids.length) return null;
  const out = new Map<number, number>();
  try {
    for (const pid of pids) {
      // Fields 14 and 15 (user and system time, in clock ticks of 1/100 s), after the command's parentheses.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    }
  } catch {
    return null;
  }
  return out;
}

/** The CPU (ms) used between two `databaseCpu` readings of the same processes. */
function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, now] of after) ms += now - (before.get(pid) ?? now);
  return ms;
}

async function measure(s: Scenario): Promise<void> {
  if (only.size && !only.has(s.name)) return;
  let bytes = 0;
  for (let i = 0; i < Math.ceil(n / 3); i++) {
    await s.prepare?.(i);
    await (await s.request(i)).arrayBuffer();
  }
  let least = Infinity;
  let gc = { ms: 0, longest: 0 };
  let database: number | null = null;
  for (let run = 0; run < Number(values.repeat); run++) {
    bytes = 0;
    const pauses: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) pauses.push(e.duration);
    });
    observer.observe({ entryTypes: ["gc"] });
    const send = async (i: number) => {
      const r = await s.request(i);
      if (r.status !== 200) throw new Error(`${s.name}: ${r.status} ${await r.text()}`);
      const length = (await r.arrayBuffer()).byteLength;
      bytes += length;
    };
    let used = { user: 0, system: 0 };
    let dbMs: number | null = 0;
    if (s.prepare)
      for (let i = 0; i < n; i++) {
        await s.prepare(i);
        const pids = await poolPids();
        const before = databaseCpu(pids);
        const start = process.cpuUsage();
        await send(i);
        const one = process.cpuUsage(start);
        const after = databaseCpu(pids);
        used = { user: used.user + one.user, system: used.system + one.system };
        dbMs = before && after && dbMs !== null ? dbMs + cpuSince(before, after) : null;
      }
    else {
      const pids = await poolPids();
      const before = databaseCpu(pids);
      const start = process.cpuUsage();
      for (let i = 0; i < n; i += concurrency)
        await Promise.all(Array.from({ length: Math.min(concurrency, n - i) }, (_, k) => send(i + k)));
      used = process.cpuUsage(start);
      const after = databaseCpu(pids);
      dbMs = before && after ? cpuSince(before, after) : null;
    }
    // The observer is called back asynchronously: let it see this run's last collections.
    await new Promise((resolve) => setTimeout(resolve, 0));
    observer.disconnect();
    const ms = (used.user + used.system) / 1000 / n;
    if (ms < least) {
      least = ms;
      database = dbMs === null ? null : dbMs / n;
      gc = { ms: pauses.reduce((a, b) => a + b, 0) / n, longest: Math.max(0, ...pauses) };
    }
  }
  console.log(
    `${s.name.padEnd(34)} ${least.toFixed(3).padStart(7)} ms CPU/request` +
      `${database === null ? "" : `, database ${database.toFixed(2).padStart(5)} ms`}  ${Math.round(bytes / n)} B` +
      `  GC ${gc.ms.toFixed(3)} ms/request, longest pause ${gc.longest.toFixed(1)} ms`,
  );
}

const filterPages = Math.max(1, Math.min(50, Math.floor(total / 5 / 12 / 4)));
const FILTER_COLORS = ["red", "blue", "black", "green", "white"];
/**
 * An order placed on another instance, of a random product (its stock down, its sale count up, as
 * checkout writes them), and this instance's next version check seeing it.
 */
async function orderElsewhere(): Promise<void> {
  const product = 1 + Math.floor(Math.random() * total);
  await store.rawRun("update products set stock = stock - 1, sale_count = sale_count + 1 where id = ?", [
    product,
  ]);
  await app.deps.catalog.refresh(Infinity);
}

/** One of bench:api's filtered list URLs, at random as it picks them. */
function filteredPath(): string {
  const page = 1 + Math.floor(Math.random() * filterPages);
  const set = Math.floor(Math.random() * 25);
  return `/api/products?category_id=${2 + (set % 5)}&color=${FILTER_COLORS[Math.floor(set / 5)]}&size=m&sort=price&order=asc&limit=12&page=${page}`;
}

const small = await guestCart(2);
const large = await guestCart(100);
const one = await guestCart(1);
const get =
  (path: string, headers: Record<string, string> = {}) =>
  () =>
    app.request(path, { headers });
const update = (cart: { cookie: string; items: number[] }, minimal: boolean) => (i: number) =>
  app.request("/api/checkout/cart/update", {
    method: "PUT",
    headers: {
      "content-type": "application/json",
      cookie: cart.cookie,
      ...(minimal ? { prefer: "return=minimal" } : {}),
    },
    body: JSON.stringify({ qty: { [cart.items[0]!]: 1 + (i % 2) } }),
  });
const add = (cart: { cookie: string }, minimal: boolean) => () =>
  app.request(`/api/checkout/cart/add/${ids[0]}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      cookie: cart.cookie,
      ...(minimal ? { prefer: "return=minimal" } : {}),
    },
    body: JSON.stringify({ quantity: 1, is_configurable: false }),
  });

/**
 * A guest checkout (issue 36): before each, a guest of their own (an address of their own, as bench:api's
 * checkouts, set up by the same `readyGuest`) gets one line of the next product that has stock, an address,
 * flat rate and cash on delivery, none of it counted; the order's placement (`save-order`) is.
 */
let placeOrder: () => Promise<Response> = () => Promise.reject(new Error("no guest made ready"));
async function readyCheckout(i: number): Promise<void> {
  const ref = lineRefs[i % 100]!;
  const ip = `10.9.${(i >> 8) & 255}.${i & 255}`;
  placeOrder = await readyGuest((path, init) => app.request(path, init), { ip, ...ref });
}
const checkout = () => placeOrder();

for (const s of [
  { name: "checkout", request: checkout, prepare: readyCheckout },
  { name: "cart-read 2 lines", request: get("/api/checkout/cart", { cookie: small.cookie }) },
  { name: "cart-read 2 lines gzip", request: get("/api/checkout/cart", { cookie: small.cookie, ...GZIP }) },
  { name: "cart-read 2 lines br", request: get("/api/checkout/cart", { cookie: small.cookie, ...BR }) },
  { name: "cart-read 100 lines", request: get("/api/checkout/cart", { cookie: large.cookie }) },
  {
    name: "cart-read 100 lines gzip",
    request: get("/api/checkout/cart", { cookie: large.cookie, ...GZIP }),
  },
  { name: "cart-update 1 line minimal", request: update(one, true) },
  { name: "cart-update 100 lines minimal", request: update(large, true) },
  { name: "cart-update 1 line", request: update(one, false) },
  { name: "cart-update 100 lines", request: update(large, false) },
  { name: "cart-add 1 line minimal", request: add(one, true) },
  { name: "cart-add 100 lines minimal", request: add(large, true) },
  { name: "cart-add 1 line", request: add(one, false) },
  { name: "cart-add 100 lines", request: add(large, false) },
  {
    name: "detail gzip 50 products",
    request: (i: number) => app.request(`/api/products/${1 + ((i * 7919) % 50)}`, { headers: GZIP }),
  },
  {
    name: "detail gzip every product",
    request: (i: number) => app.request(`/api/products/${1 + ((i * 7919) % total)}`, { headers: GZIP }),
  },
  // bench:api's two flat-cost scenarios (#14 item 4): its filtered lists (5 categories × 5 colours, size m,
  // price sort, a page among the first 50) and a product's detail, a random one of the whole catalogue.
  {
    name: "filtered list gzip",
    request: () => app.request(filteredPath(), { headers: GZIP }),
  },
  // The same right after each order (#14: an order no longer drops every filter set's ids).
  {
    name: "filtered list gzip after an order",
    request: () => app.request(filteredPath(), { headers: GZIP }),
    prepare: orderElsewhere,
  },
  {
    name: "detail gzip random",
    request: () => app.request(`/api/products/${1 + Math.floor(Math.random() * total)}`, { headers: GZIP }),
  },
  {
    name: "list uncached gzip",
    request: (i: number) => app.request(`/api/products?limit=12&page=${1 + (i % 50)}`, { headers: GZIP }),
  },
  {
    name: "list uncached br",
    request: (i: number) => app.request(`/api/products?limit=12&page=${1 + (i % 50)}`, { headers: BR }),
  },
  {
    name: "list uncached",
    request: (i: number) => app.request(`/api/products?limit=12&page=${1 + (i % 50)}`),
  },
  // bench:api's search: every request a term no request asked before (a piece of a name, 3 to 7 characters).
  {
    name: "search new term",
    request: () => app.request(`/api/products?limit=12&search=${encodeURIComponent(newTerm())}`),
  },
])
  await measure(s);

await app.deps.catalog.settled();
await store.close();
await dropClone?.();
rmSync(dir, { recursive: true, force: true });
