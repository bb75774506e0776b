// `npm run bench:api`: autocannon against the reference server on 127.0.0.1 with a 1k, 10k and 100k
// product database (generated into data/ when missing). Prints req/s, p50 and p99 per scenario.
// Options: --sizes 1000,100000  --duration 8  --connections 10  --gzip (ask for gzip replies, as every
//          browser does: without it autocannon reads the uncompressed replies, a 12-product list is 64 kB, and at
//          ≈ 2,500 req/s the load generator, not the server (idle 73 % of the time), is the limit)
//          --db sqlite|postgres (postgres: a throw-away cluster, scripts/pg-cluster.mjs)  --instances N
//          --pg-cluster postgres://user@host:port (with --db postgres: a running cluster instead, left
//          running; its databases bench_1k, bench_100k… are used as they are when they exist, else made)
//          --only filtered,detail (scenarios: list, filtered, detail, search, cart, cached, edit, checkout; default: all.
//          search: every request a term no request asked before (pieces of the catalogue's names, 3 to 7
//          characters), so no kept list or reply answers it;
//          filtered includes the first request of each filter set, which the random pages are measured after;
//          edit: 100 concurrent filter and facet requests, warm and right after a product edit made with SQL
//          (its name and price);
//          checkout: one guest checkout alone, then 8 guests' checkouts of 8 different products at once)
//          --rounds 3 (checkout: rounds of one alone and 8 at once; the median of each is printed)
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import pg from "pg";
import { readyGuest, row, run as runOnce, serverOptions, setUp, startServer } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000,10000,100000" },
    duration: { type: "string", default: "8" },
    connections: { type: "string", default: "10" },
    gzip: { type: "boolean", default: false },
    only: { type: "string", default: "" },
    "pg-cluster": { type: "string" },
    rounds: { type: "string", default: "3" },
    ...serverOptions,
  },
});
const given = values.db === "postgres" ? values["pg-cluster"] : undefined;
const { instances, cluster } = given
  ? { instances: Number(values.instances), cluster: { url: `${given}/postgres`, stop: async () => {} } }
  : await setUp(values);
const sizes = values.sizes.split(",").map(Number);
const duration = Number(values.duration);
const connections = Number(values.connections);
const SCENARIOS = ["list", "filtered", "detail", "search", "cart", "cached", "edit", "checkout"];
const only = new Set(values.only ? values.only.split(",") : SCENARIOS);
for (const name of only)
  if (!SCENARIOS.includes(name)) throw new Error(`--only takes ${SCENARIOS.join(", ")}`);

function label(n) {
  return n >= 1000 ? `${n / 1000}k` : String(n);
}

async function ensureDb(n) {
  if (cluster) {
    // A database per size on the throw-away cluster, seeded by the same generator.
    const url = cluster.url.replace(/\/[^/]*$/, `/bench_${label(n)}`);
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    const name = `bench_${label(n)}`;
    const exists = (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount;
    if (!exists) await admin.query(`create database "${name}"`);
    await admin.end();
    if (exists) return url;
    console.log(`generating ${n} products on PostgreSQL …`);
    const r = spawnSync(
      "node_modules/.bin/tsx",
      ["server/seed/generate.ts", "--products", String(n), "--out", url],
      {
        stdio: "inherit",
      },
    );
    if (r.status !== 0) throw new Error(`could not generate ${url}`);
    return url;
  }
  const file = `data/bench-${label(n)}.sqlite`;
  if (!existsSync(file)) {
    mkdirSync("data", { recursive: true });
    console.log(`generating ${file} …`);
    const r = spawnSync(
      "node_modules/.bin/tsx",
      ["server/seed/generate.ts", "--products", String(n), "--out", file],
      { stdio: "inherit" },
    );
    if (r.status !== 0) throw new Error(`could not generate ${file}`);
  }
  return file;
}

const headers = values.gzip ? { "accept-encoding": "gzip" } : {};
const run = (opts) => runOnce({ connections, duration, headers, ...opts });

async function scenario(name, opts) {
  await run({ ...opts, duration: 1 });
  return row(name, await run(opts));
}

// The server reads a filter set's ordered ids once per catalogue version: the first request of each set
// is the costly one. 25 sets (5 categories × 5 colours, size m, price sort), one request at a time on a
// server that has not seen them; p99 is the slowest.
async function firstRequests(o) {
  const ms = [];
  let bad = 0;
  const started = performance.now();
  for (let cat = 2; cat <= 6; cat++)
    for (const color of ["red", "blue", "black", "green", "white"]) {
      const t = performance.now();
      const res = await fetch(
        `${o}/api/products?category_id=${cat}&color=${color}&size=m&sort=price&order=asc&limit=12&page=1`,
      );
      await res.arrayBuffer();
      ms.push(performance.now() - t);
      if (!res.ok) bad++;
    }
  const seconds = (performance.now() - started) / 1000;
  ms.sort((a, b) => a - b);
  return {
    scenario: "filtered list, first request of each of 25 filter sets (one at a time; p99 = slowest)",
    "req/s": Math.round(ms.length / seconds),
    "p50 ms": Math.round(ms[Math.floor(ms.length / 2)]),
    "p99 ms": Math.round(ms[ms.length - 1]),
    errors: bad,
  };
}

const COLOURS = ["red", "blue", "black", "green", "white"];
const SLUGS = ["mountain-bikes", "road-bikes", "fat-bikes", "city-hybrid-bikes", "kids-bmx-bikes"];

/** Requests sent all at once; each one's time from its start to its last byte. */
async function burst(o, paths) {
  let bad = 0;
  const started = performance.now();
  const ms = await Promise.all(
    paths.map(async (p) => {
      const t = performance.now();
      const res = await fetch(`${o}${p}`, { headers });
      await res.arrayBuffer();
      if (!res.ok) bad++;
      return performance.now() - t;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  ms.sort((a, b) => a - b);
  return {
    "req/s": Math.round(ms.length / seconds),
    "p50 ms": Math.round(ms[Math.floor(ms.length / 2)]),
    "p99 ms": Math.round(ms[Math.floor(ms.length * 0.99)] ?? ms[ms.length - 1]),
    errors: bad,
  };
}

/**
 * A change to one product's name and selling price, as an admin tool makes it: every instance drops its
 * filter sets and kept replies, and the price is a facet input (the price range), so the facet counts move
 * too (decision 052). Each run adds a cent to product 1's price.
 */
async function editProduct(database) {
  const text = "update products set name = name || '', final_price = final_price + 1 where id = 1";
  if (/^postgres/.test(database)) {
    const client = new pg.Client({ connectionString: database });
    await client.connect();
    await client.query(text);
    await client.end();
  } else {
    const Database = (await import("better-sqlite3")).default;
    const db = new Database(database);
    db.pragma("busy_timeout = 5000");
    db.prepare(text).run();
    db.close();
  }
}

/** 100 concurrent requests over the 25 filter sets and the 5 categories' facet counts: warm, then after an edit. */
async function afterEdit(o, database) {
  const paths = Array.from({ length: 100 }, (_, i) =>
    i % 5 === 4
      ? `/api/getattributes?cat_slug=${SLUGS[(i % 25) % 5]}`
      : `/api/products?category_id=${2 + (i % 5)}&color=${COLOURS[Math.floor(i / 5) % 5]}&size=m&sort=price&order=asc&limit=12&page=1`,
  );
  await burst(o, paths);
  const warm = await burst(o, paths);
  await editProduct(database);
  // Every instance looks at the catalogue version at most once a second.
  await new Promise((r) => setTimeout(r, 1500));
  const edited = await burst(o, paths);
  return [
    { scenario: "100 concurrent filter/facet requests, warm", ...warm },
    { scenario: "100 concurrent filter/facet requests, right after a product edit", ...edited },
  ];
}

/** A guest with one unit of product `id` (a size still in stock) in the cart, ready to order (lib.mjs). */
async function guestOf(o, id) {
  const product = (await (await fetch(`${o}/api/products/${id}`)).json()).data;
  // A size still in stock (earlier runs on the same database sold some).
  const variant = product.variation?.flatMap((v) => v.size ?? []).find((size) => size.stock > 0)?.variant_id;
  // Each guest is a shopper of their own (an address of their own, as the proxy in front reports it).
  const ip = `10.${(id >> 16) & 255}.${(id >> 8) & 255}.${id & 255}`;
  return await readyGuest((path, init) => fetch(`${o}${path}`, init), { ip, product: id, variant });
}

/** One checkout alone, then 8 checkouts of 8 different products at once (the slowest of them), --rounds rounds. */
async function checkouts(o) {
  const one = [];
  const eight = [];
  let bad = 0;
  const rounds = Number(values.rounds);
  for (let round = 0; round < rounds; round++) {
    const base = 10 + round * 9;
    const alone = await guestOf(o, base);
    let t = performance.now();
    const lone = await alone();
    if (!lone.ok) {
      bad++;
      console.error("checkout refused:", lone.status, (await lone.text()).slice(0, 200));
    }
    one.push(performance.now() - t);
    const guests = await Promise.all(Array.from({ length: 8 }, (_, i) => guestOf(o, base + 1 + i)));
    t = performance.now();
    const replies = await Promise.all(guests.map((g) => g()));
    eight.push(performance.now() - t);
    for (const r of replies.filter((r) => !r.ok)) {
      bad++;
      console.error("checkout refused:", r.status, (await r.text()).slice(0, 200));
    }
  }
  const median = (xs) => Math.round(xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]);
  return [
    {
      scenario: `one guest checkout alone (median of ${rounds})`,
      "req/s": "",
      "p50 ms": median(one),
      "p99 ms": "",
      errors: bad,
    },
    {
      scenario: `8 guest checkouts of 8 products at once, the slowest (median of ${rounds})`,
      "req/s": "",
      "p50 ms": median(eight),
      "p99 ms": "",
      errors: bad,
    },
  ];
}

// Distinct search terms, never one twice: pieces of 3 to 7 characters of the catalogue's names as the
// generator makes them (a model's name, "Mk N" after the first round), across a space too. A piece of a word
// matches thousands of products at 100k, one with a round's number a handful.
async function searchTerms(o, n) {
  const models = new Set();
  for (let page = 1; page <= 10; page++) {
    const reply = await (await fetch(`${o}/api/products?limit=100&page=${page}`)).json();
    for (const p of reply.data) models.add(p.name.replace(/ Mk \d+$/, ""));
  }
  const names = [...models];
  const rounds = Math.max(1, Math.ceil(n / names.length));
  const seen = new Set();
  return () => {
    // The pieces are finite: a fast server can ask for more new terms in one run than there are.
    for (let tries = 0; ; tries++) {
      if (tries === 100_000)
        throw new Error(`search: no new term left after ${seen.size} (shorten --duration)`);
      const round = Math.floor(Math.random() * rounds);
      const name = names[Math.floor(Math.random() * names.length)] + (round ? ` Mk ${round + 1}` : "");
      const len = 3 + Math.floor(Math.random() * 5);
      const at = Math.floor(Math.random() * Math.max(1, name.length - len + 1));
      const term = name.slice(at, at + len).toLowerCase();
      if (term.length < 3 || term.trim() !== term || seen.has(term)) continue;
      seen.add(term);
      return term;
    }
  };
}

const results = [];
for (const n of sizes) {
  const file = await ensureDb(n);
  const pages = Math.max(1, Math.floor(n / 5 / 12 / 4));
  const filtered = () => {
    const cat = 2 + Math.floor(Math.random() * 5);
    const color = ["red", "blue", "black", "green", "white"][Math.floor(Math.random() * 5)];
    const page = 1 + Math.floor(Math.random() * Math.min(pages, 50));
    return `/api/products?category_id=${cat}&color=${color}&size=m&sort=price&order=asc&limit=12&page=${page}`;
  };
  for (const cache of only.has("cached") ? ["0", "1000"] : ["0"]) {
    const server = await startServer({
      database: file,
      instances,
      env: { DIST_DIR: "/nonexistent", LIST_CACHE_SIZE: cache, TRUST_PROXY: "1" },
      readyPath: "/api/exchange-rates?base=USD",
    });
    const o = server.origin;
    const rows = [];
    if (cache === "0") {
      if (only.has("list"))
        rows.push(await scenario("product list (limit 12)", { url: `${o}/api/products?limit=12` }));
      if (only.has("filtered")) {
        rows.push(await firstRequests(o));
        rows.push(
          await scenario("product list, category+colour+size+price sort, random page", {
            url: o,
            requests: [{ setupRequest: (req) => ({ ...req, path: filtered() }) }],
          }),
        );
      }
      if (only.has("detail"))
        rows.push(
          await scenario("product detail (random id)", {
            url: o,
            requests: [
              {
                setupRequest: (req) => ({
                  ...req,
                  path: `/api/products/${1 + Math.floor(Math.random() * n)}`,
                }),
              },
            ],
          }),
        );
      if (only.has("search")) {
        const term = await searchTerms(o, n);
        rows.push(
          await scenario("search, a term no request asked before", {
            url: o,
            requests: [
              {
                setupRequest: (req) => ({
                  ...req,
                  path: `/api/products?limit=12&search=${encodeURIComponent(term())}`,
                }),
              },
            ],
          }),
        );
      }
      if (only.has("edit")) rows.push(...(await afterEdit(o, file)));
      if (only.has("checkout")) rows.push(...(await checkouts(o)));
      if (only.has("cart")) {
        const add = await fetch(`${o}/api/checkout/cart/add/1`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ quantity: 1, is_configurable: true, selected_configurable_option: 101 }),
        });
        const cookie = (add.headers.get("set-cookie") ?? "").split(";")[0];
        await fetch(`${o}/api/checkout/cart/add/2`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Cookie: cookie },
          body: JSON.stringify({ quantity: 1, is_configurable: true, selected_configurable_option: 200 }),
        });
        rows.push(
          await scenario("cart read (guest, 2 lines)", {
            url: `${o}/api/checkout/cart`,
            headers: { Cookie: cookie },
          }),
        );
      }
    } else {
      rows.push(await scenario("product list (limit 12)", { url: `${o}/api/products?limit=12` }));
      rows.push(
        await scenario("product list, same filtered URL (list cache on)", {
          url: `${o}/api/products?category_id=2&color=red&sort=price&order=asc&limit=12`,
        }),
      );
    }
    await server.stop();
    for (const r of rows)
      results.push({
        db: values.db,
        instances,
        products: label(n),
        cache: cache === "0" ? "off" : "on",
        ...r,
      });
  }
}
await cluster?.stop();

console.table(results);
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  `bench/results/api-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
  JSON.stringify({ connections, duration, results }, null, 2),
);
const md = [
  "| db | instances | products | list cache | scenario | req/s | p50 ms | p99 ms | errors |",
  "|---|---|---|---|---|---|---|---|---|",
  ...results.map(
    (r) =>
      `| ${r.db} | ${r.instances} | ${r.products} | ${r.cache} | ${r.scenario} | ${r["req/s"]} | ${r["p50 ms"]} | ${r["p99 ms"]} | ${r.errors} |`,
  ),
].join("\n");
console.log(`\n${md}`);
