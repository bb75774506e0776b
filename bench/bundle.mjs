// `npm run bench:bundle`: the gzip size of the JavaScript a first visit to `/` loads (the entry, its static
// imports, and the route chunk and catalogue of the home page), read from the production build's manifest.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const outDir = process.env.DIST_DIR ?? "dist";
execFileSync("node_modules/.bin/vite", ["build", "--manifest", "--outDir", outDir, "--emptyOutDir"], { stdio: "ignore", env: { ...process.env, BUILD_ID: "bench" } });
const manifest = JSON.parse(readFileSync(`${outDir}/.vite/manifest.json`, "utf8"));
const seen = new Set();
function walk(key, dynamic) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return;
  seen.add(chunk.file);
  for (const imp of chunk.imports ?? []) walk(imp, dynamic);
  if (dynamic) for (const imp of chunk.dynamicImports ?? []) if (dynamic(imp)) walk(imp, dynamic);
}
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
walk(entry, (k) => /home-page|locales\/en\//.test(k));
let raw = 0;
let gz = 0;
const rows = [];
for (const file of seen) {
  if (!file.endsWith(".js")) continue;
  const buf = readFileSync(`${outDir}/${file}`);
  const g = gzipSync(buf, { level: 9 }).length;
  raw += buf.length;
  gz += g;
  rows.push({ file, "kB": (buf.length / 1024).toFixed(1), "kB gzip": (g / 1024).toFixed(1) });
}
console.table(rows);
console.log(`First visit to / loads ${(raw / 1024).toFixed(1)} kB of JavaScript, ${(gz / 1024).toFixed(1)} kB gzip (budget 200 kB gzip).`);
