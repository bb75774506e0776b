// `npm run bench:bundle`: the gzip size of the JavaScript a first visit to `/` loads, two ways:
//  1. from the production build's manifest: the entry, its static imports, the home route chunk and the English
//     catalogue (what the first screen cannot render without);
//  2. in Chromium: every script a first visit to `/` downloads until the network is idle (the home page also
//     loads its lower sections and the product cards after the first screen).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH, startShop } from "./serve.mjs";

const outDir = process.env.DIST_DIR ?? "dist";
execFileSync("node_modules/.bin/vite", ["build", "--manifest", "--outDir", outDir, "--emptyOutDir"], {
  stdio: "ignore",
  env: { ...process.env, BUILD_ID: "bench" },
});
const manifest = JSON.parse(readFileSync(`${outDir}/.vite/manifest.json`, "utf8"));
const seen = new Set();
function walk(key, dynamic) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return;
  seen.add(chunk.file);
  for (const imp of chunk.imports ?? []) walk(imp, dynamic);
  if (dynamic) for (const imp of chunk.dynamicImports ?? []) if (dynamic(imp)) walk(imp, dynamic);
}
// The first visit starts from the scripts and module preloads index.html names (the entry may be folded into
// the "initial" chunk group, in which case the manifest has no chunk marked as the entry).
const html = readFileSync(`${outDir}/index.html`, "utf8");
const fromHtml = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
for (const key of Object.keys(manifest)) {
  if (manifest[key].isEntry || fromHtml.has(manifest[key].file))
    walk(key, (k) => /home-page|locales\/en\//.test(k));
}
let raw = 0;
let gz = 0;
const rows = [];
for (const file of seen) {
  if (!file.endsWith(".js")) continue;
  const buf = readFileSync(`${outDir}/${file}`);
  const g = gzipSync(buf, { level: 9 }).length;
  raw += buf.length;
  gz += g;
  rows.push({ file, kB: (buf.length / 1024).toFixed(1), "kB gzip": (g / 1024).toFixed(1) });
}
console.table(rows);
console.log(
  `First visit to / loads ${(raw / 1024).toFixed(1)} kB of JavaScript, ${(gz / 1024).toFixed(1)} kB gzip (budget 200 kB gzip).`,
);

const shop = await startShop({ databaseFile: "data/bench-bundle.sqlite", distDir: outDir });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
try {
  const context = await browser.newContext({
    serviceWorkers: "block",
    viewport: { width: 412, height: 823 },
  });
  const page = await context.newPage();
  const scripts = new Map();
  page.on("response", async (res) => {
    if (res.request().resourceType() !== "script") return;
    try {
      scripts.set(res.url(), gzipSync(await res.body(), { level: 9 }).length);
    } catch {
      // a response without a body (redirect): nothing to count
    }
  });
  await page.goto(`${shop.origin}/`, { waitUntil: "networkidle" });
  await page.waitForTimeout(3000);
  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  console.log(
    `In Chromium, a first visit to / (412×823, no scrolling) downloads ${scripts.size} scripts, ${(total / 1024).toFixed(1)} kB gzip.`,
  );
} finally {
  await browser.close();
  shop.stop();
}
