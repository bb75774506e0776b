// `npm run bench:pages`: server-rendered pages on the sample shop (needs a build: `npm run build`, or DIST_DIR).
// Prints req/s, p50, p99 for a cached product page and for uncached pages (a unique address each), and the
// API's p99 alone (10 connections, and the 5 of the next run) against its p99 while another client makes the
// server render uncached pages (5 + 5 connections).
// Options: --duration 5  --connections 10  --threads <RENDER_THREADS>
//          --db sqlite|postgres (postgres: a throw-away cluster, scripts/pg-cluster.mjs)  --instances N
// The server seeds the sample shop into the empty database on its first start, as `npm start` does.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { row, run as runOnce, serverOptions, setUp, startServer } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "10" },
    threads: { type: "string" },
    ...serverOptions,
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const distDir = resolve(process.env.DIST_DIR ?? "dist");
if (!existsSync(`${distDir}-ssr/entry-server.js`)) {
  console.error(`No server renderer at ${distDir}-ssr: run npm run build first.`);
  process.exit(1);
}
const { db, instances, cluster } = await setUp(values);

const server = await startServer({
  database: cluster?.url ?? join(mkdtempSync(join(tmpdir(), "bench-pages-")), "shop.sqlite"),
  instances,
  env: {
    DIST_DIR: distDir,
    ...(values.threads !== undefined ? { RENDER_THREADS: values.threads } : {}),
  },
});
const origin = server.origin;

const run = (opts) => runOnce({ connections, duration, ...opts });
// Pages are asked for compressed, as browsers and CDNs do (a product page is ≈ 130 kB raw, 15 kB in brotli);
// the server keeps a page's compressed copy with the page.
const headers = { "accept-encoding": "br, gzip" };
const cached = { url: `${origin}/product/cub-balance-12`, headers };
// The page client runs in a thread of its own (autocannon's `workers`, which loads setupRequest by path): two
// clients on one event loop would time each other's replies, and the API's p99 "while pages render" would
// include the page client's own work.
const uncached = {
  url: origin,
  headers,
  workers: 1,
  requests: [{ setupRequest: fileURLToPath(new URL("./unique-catalogue-page.cjs", import.meta.url)) }],
};
const api = { url: `${origin}/api/products?limit=12` };

const rows = [];
try {
  // A fresh process needs seconds of traffic before it runs at its steady speed (JIT, first compressions):
  // as long a warm-up as the measured run.
  await run(cached);
  rows.push(row("product page, cached", await run(cached)));
  await run({ ...uncached, duration: 1 }); // the render threads' first renders
  rows.push(row("catalogue page, uncached (unique address)", await run(uncached)));
  rows.push(row("API product list alone", await run(api)));
  rows.push(row("API product list alone, 5 connections", await run({ ...api, connections: 5 })));
  const [apiWhile] = await Promise.all([
    run({ ...api, connections: 5 }),
    run({ ...uncached, connections: 5 }),
  ]);
  rows.push(row("API product list while pages render (5 + 5 connections)", apiWhile));
} finally {
  await server.stop();
  await cluster?.stop();
}

const results = rows.map((r) => ({ db, instances, ...r }));
console.table(results);
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  `bench/results/pages-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
  JSON.stringify({ connections, duration, results }, null, 2),
);
