// `npm start`: builds the storefront when dist/ is missing or older than its sources, and the server
// (dist-server/, plain JavaScript: scripts/build-server.mjs) when it is missing or older than its own, then
// runs the reference server with node (shop at /, API at /api) and forwards stop signals to it.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const SOURCES = ["src", "sw", "public", "index.html", "vite.config.ts", "package.json"];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    max = Math.max(max, newest(join(path, entry.name)));
  }
  return max;
}

// The server renderer is built with the storefront (scripts/build.mjs); either missing means a build.
const built =
  existsSync("dist/index.html") && existsSync("dist-ssr/entry-server.js")
    ? statSync("dist/index.html").mtimeMs
    : 0;
const sources = Math.max(...SOURCES.map(newest));
if (built < sources || process.env.FORCE_BUILD === "1") {
  console.log(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "info",
      msg: built ? "storefront sources changed, rebuilding" : "building the storefront",
    }),
  );
  const r = spawnSync("node", ["scripts/build.mjs"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The server's sources: its own folder and what it imports from the storefront's (contracts, i18n, routes).
const SERVER_SOURCES = ["server", "src", "package.json", "scripts/build-server.mjs"];
const serverBuilt = existsSync("dist-server/index.js") ? statSync("dist-server/index.js").mtimeMs : 0;
if (serverBuilt < Math.max(...SERVER_SOURCES.map(newest)) || process.env.FORCE_BUILD === "1") {
  console.log(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "info",
      msg: serverBuilt ? "server sources changed, rebuilding" : "building the server",
    }),
  );
  const r = spawnSync("node", ["scripts/build-server.mjs"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// `npm start` without NODE_ENV is the sample shop: its demo account (demo@bicycle-shop.test / demo1234) and
// one-time codes written to a file instead of texted. `NODE_ENV=production npm start` is a real shop: neither.
// `BAGISTO_URL=… npm start` is the storefront in front of that Bagisto: no sample shop at all.
const env = { ...process.env };
if (!env.NODE_ENV && !env.BAGISTO_URL) {
  env.SEED_DEMO ??= "1";
  env.SMS_OUTBOX ??= "data/sms-outbox.jsonl";
  // Mail (reset links, order confirmations, contact notices, newsletter confirmations) to a file too.
  env.MAIL_OUTBOX ??= "data/mail-outbox.jsonl";
  env.SHOP_EMAIL ??= "shop@bicycle-shop.test";
  console.log(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "info",
      msg: "sample shop: demo account on, one-time codes and mail go to outbox files",
      sms_outbox: env.SMS_OUTBOX,
      mail_outbox: env.MAIL_OUTBOX,
    }),
  );
}
// `npm start -- --instances N`: the server's own arguments pass through.
const server = spawn(
  process.execPath,
  ["--enable-source-maps", "dist-server/index.js", ...process.argv.slice(2)],
  {
    stdio: "inherit",
    env,
  },
);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
