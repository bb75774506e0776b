// `npm run bench:bundle`: the JavaScript a first visit to `/` loads, two ways:
//  1. from the production build's manifest: the entry, its static imports, the home route chunk and the first
//     screen's English catalogue (what the first screen cannot render without), gzip (scripts/first-visit.mjs; the figure
//     scripts/check-bundle.mjs holds to its budget in `npm test`);
//  2. in Chromium (the issue-16 budget): every script a first visit to `/` downloads before any user interaction
//     (server-rendered page, 412×823, no scrolling, until the network has been idle for 3 s), gzip as the server
//     keeps it (level 9), and the bytes Chromium actually transferred (the server answers it with brotli).
// For each script of 20 kB gzip or more it also says what it is made of: its modules grouped by package or source
// folder, each group's share of the module's gzip sizes taken one by one, scaled to the script's gzip size (≈).
// Exits with 1 when the Chromium figure is above the budget.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { firstVisitScripts } from "../scripts/first-visit.mjs";
import { CHROMIUM_ARGS, CHROMIUM_PATH, startShop } from "./serve.mjs";

const BUDGET_KB = 170;
const outDir = process.env.DIST_DIR ?? "dist";
// Client and server renderer, as a shopper's first visit gets a server-rendered page.
execFileSync("node", ["scripts/build.mjs", outDir, "--manifest"], {
  stdio: "ignore",
  env: { ...process.env, BUILD_ID: "bench", BUNDLE_STATS: "1" },
});
const moduleSizes = JSON.parse(readFileSync(`${outDir}/.vite/module-sizes.json`, "utf8"));
/** node_modules/@scope/pkg/… → @scope/pkg; src/features/cart/… → src/features/cart; src/api/contract/… → src/api/contract */
function moduleGroup(id) {
  const pkg = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (pkg) return pkg[1];
  const src = /\/(src\/(?:features\/[^/]+|api\/contract|[^/.]+))/.exec(id);
  return src ? src[1] : id.split("/").at(-1);
}
const SHOWN = 24;
function composition(file, gzipKB) {
  const modules = moduleSizes[file.replace(/^\//, "")];
  if (!modules) return;
  const groups = new Map();
  for (const m of modules) groups.set(moduleGroup(m.id), (groups.get(moduleGroup(m.id)) ?? 0) + m.gzip);
  const total = [...groups.values()].reduce((a, b) => a + b, 0);
  const rows = [...groups.entries()].sort((a, b) => b[1] - a[1]);
  const top = rows
    .slice(0, SHOWN)
    .map(([group, g]) => ({ group, "≈ kB gzip": ((g / total) * gzipKB).toFixed(1) }));
  const rest = rows.slice(SHOWN).reduce((a, [, g]) => a + g, 0);
  if (rest)
    top.push({ group: `${rows.length - SHOWN} more`, "≈ kB gzip": ((rest / total) * gzipKB).toFixed(1) });
  console.log(`${file} (${gzipKB} kB gzip, ${modules.length} modules):`);
  console.table(top);
}
const first = firstVisitScripts(outDir);
const kB = (n) => (n / 1024).toFixed(1);
console.log(
  `Build manifest: entry, static imports, home route and first-screen English catalogue: ${kB(first.raw)} kB, ${kB(first.gzip)} kB gzip.`,
);

const shop = await startShop({ databaseFile: "data/bench-bundle.sqlite", distDir: outDir });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
let total = 0;
try {
  const context = await browser.newContext({
    serviceWorkers: "block",
    viewport: { width: 412, height: 823 },
  });
  const page = await context.newPage();
  const scripts = new Map();
  page.on("requestfinished", async (req) => {
    const res = await req.response();
    if (!res || !/javascript/.test(res.headers()["content-type"] ?? "")) return;
    const body = await res.body().catch(() => null);
    if (!body) return;
    const { responseBodySize } = await req.sizes();
    const file = new URL(req.url()).pathname;
    const gzipBytes = gzipSync(body, { level: 9 }).length;
    scripts.set(file, {
      file,
      kB: kB(body.length),
      "kB gzip": kB(gzipBytes),
      transferred: responseBodySize,
      gzipBytes,
    });
  });
  const reply = await page.goto(`${shop.origin}/`, { waitUntil: "networkidle" });
  if (!(await reply.text()).includes(`id="server-state"`)) console.warn("warning: / was not server-rendered");
  await page.waitForTimeout(3000);
  const rows = [...scripts.values()].sort((a, b) => b["kB gzip"] - a["kB gzip"]);
  console.table(
    rows.map((r) => ({ file: r.file, kB: r.kB, "kB gzip": r["kB gzip"], transferred: kB(r.transferred) })),
  );
  for (const r of rows) if (Number(r["kB gzip"]) >= 20) composition(r.file, Number(r["kB gzip"]));
  // Summed in bytes: the per-script figures are rounded to 0.1 kB, and 16 roundings can add up to ±0.8 kB.
  total = rows.reduce((a, r) => a + r.gzipBytes, 0) / 1024;
  const transferred = rows.reduce((a, r) => a + r.transferred, 0);
  console.log(
    `In Chromium, a first visit to / before any interaction downloads ${rows.length} scripts: ${total.toFixed(2)} kB gzip ` +
      `(budget ${BUDGET_KB} kB gzip); ${kB(transferred)} kB as transferred (brotli).`,
  );
} finally {
  await browser.close();
  shop.stop();
}
if (total > BUDGET_KB) {
  console.error(`Over budget: ${total.toFixed(2)} kB gzip > ${BUDGET_KB} kB.`);
  process.exitCode = 1;
}
