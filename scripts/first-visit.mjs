// The JavaScript a first visit to `/` cannot render without, read from a production build's manifest: the
// scripts and module preloads index.html names (the entry may be folded into the "initial" chunk group, and then
// no manifest chunk is marked as the entry), their static imports, the home route's chunk and the first screen's
// English catalogue (decision 059), each gzipped at level 9 as the server keeps it. Shared by scripts/check-bundle.mjs (the budget
// `npm test` checks) and bench/bundle.mjs (which measures the same visit in Chromium too).
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

/** The dynamic imports a first visit to `/` follows: the home route and the first screen's English catalogue. */
const FIRST_VISIT_DYNAMIC = /home-page|locales\/en\/first\.po/;

/** `{ files, raw, gzip }` for the build in `outDir`: the files walked and their summed sizes in bytes. */
export function firstVisitScripts(outDir) {
  const manifest = JSON.parse(readFileSync(`${outDir}/.vite/manifest.json`, "utf8"));
  const seen = new Set();
  const walk = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const imp of chunk.imports ?? []) walk(imp);
    for (const imp of chunk.dynamicImports ?? []) if (FIRST_VISIT_DYNAMIC.test(imp)) walk(imp);
  };
  const html = readFileSync(`${outDir}/index.html`, "utf8");
  const fromHtml = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  for (const key of Object.keys(manifest)) {
    if (manifest[key].isEntry || fromHtml.has(manifest[key].file)) walk(key);
  }
  const files = [...seen].filter((file) => file.endsWith(".js"));
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const buf = readFileSync(`${outDir}/${file}`);
    raw += buf.length;
    gzip += gzipSync(buf, { level: 9 }).length;
  }
  return { files, raw, gzip };
}
