// `npm run bench:api`: autocannon against the reference server on 127.0.0.1 with a 1k, 10k and 100k
// product database (generated into data/ when missing). Prints req/s, p50 and p99 per scenario.
// Options: --sizes 1000,100000  --duration 8  --connections 10  --gzip (ask for gzip replies, as every
//          browser does: without it autocannon reads the uncompressed replies, a 12-product list is 64 kB, and at
//          ≈ 2,500 req/s the load generator, not the server (idle 73 % of the time), is the limit)
//          --db sqlite|postgres (postgres: a throw-away cluster, scripts/pg-cluster.mjs)  --instances N
//          --pg-cluster postgres://user@host:port (with --db postgres: a running cluster instead, left
//          running; its databases bench_1k, bench_100k… are used as they are when they exist, else made)
//          --only filtered,detail (scenarios: list, filtered, detail, cart, cached; default: all. filtered
//          includes the first request of each filter set, which the random pages are measured after)
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import pg from "pg";
import { row, run as runOnce, serverOptions, setUp, startServer } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000,10000,100000" },
    duration: { type: "string", default: "8" },
    connections: { type: "string", default: "10" },
    gzip: { type: "boolean", default: false },
    only: { type: "string", default: "" },
    "pg-cluster": { type: "string" },
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
const SCENARIOS = ["list", "filtered", "detail", "cart", "cached"];
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
      env: { DIST_DIR: "/nonexistent", LIST_CACHE_SIZE: cache },
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
