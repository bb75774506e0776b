// `npm run bench:pages`: server-rendered pages on the sample shop (needs a build: `npm run build`, or DIST_DIR).
// Prints req/s, p50, p99 for a cached product page and for uncached pages (a unique address each), and the
// API's p99 alone against its p99 while another client makes the server render uncached pages.
// Options: --duration 5  --connections 10  --threads <RENDER_THREADS>
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "10" },
    threads: { type: "string" },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const distDir = resolve(process.env.DIST_DIR ?? "dist");
if (!existsSync(`${distDir}-ssr/entry-server.js`)) {
  console.error(`No server renderer at ${distDir}-ssr: run npm run build first.`);
  process.exit(1);
}

const port = await new Promise((res, rej) => {
  const s = createServer();
  s.listen(0, "127.0.0.1", () => {
    const { port: p } = s.address();
    s.close(() => res(p));
  });
  s.on("error", rej);
});
const child = spawn("node_modules/.bin/tsx", ["server/index.ts"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_FILE: join(mkdtempSync(join(tmpdir(), "bench-pages-")), "shop.sqlite"),
    DIST_DIR: distDir,
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    SERVER_SECRET: "bench-secret-0123456789abcdef0123456789",
    ...(values.threads !== undefined ? { RENDER_THREADS: values.threads } : {}),
  },
});
const origin = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${origin}/readyz`)).ok) break;
  } catch {
    /* not up yet */
  }
  if (i > 300) throw new Error("server did not start");
  await new Promise((r) => setTimeout(r, 100));
}

const run = (opts) =>
  new Promise((res, rej) =>
    autocannon({ connections, duration, pipelining: 1, ...opts }, (err, r) => (err ? rej(err) : res(r))),
  );
const row = (name, r) => ({
  scenario: name,
  "req/s": Math.round(r.requests.average),
  "p50 ms": r.latency.p50,
  "p99 ms": r.latency.p99,
  errors: r.non2xx + r.errors + r.timeouts,
});
let unique = 0;
const uncached = {
  url: origin,
  requests: [
    { setupRequest: (req) => ({ ...req, path: `/catalog/mountain-bikes?page=${++unique % 3}&b=${unique}` }) },
  ],
};
const api = { url: `${origin}/api/products?limit=12` };

const rows = [];
await run({ url: `${origin}/product/cub-balance-12`, duration: 1 });
rows.push(row("product page, cached", await run({ url: `${origin}/product/cub-balance-12` })));
rows.push(row("catalogue page, uncached (unique address)", await run(uncached)));
rows.push(row("API product list alone", await run(api)));
const [apiWhile] = await Promise.all([run({ ...api, connections: 5 }), run({ ...uncached, connections: 5 })]);
rows.push(row("API product list while pages render (5 + 5 connections)", apiWhile));
console.table(rows);
child.kill("SIGTERM");
