// `npm run bench:lighthouse [-- /path …]`: Lighthouse 12 mobile and desktop on the production build.
// Prints the category scores and LCP, TBT, CLS per path. Default paths: /, a catalogue, a product page.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { CHROMIUM_ARGS, CHROMIUM_PATH, startShop } from "./serve.mjs";

const flags = ["--headless", ...CHROMIUM_ARGS].join(" ");
execFileSync("node", ["scripts/build.mjs"], {
  stdio: "ignore",
  env: { ...process.env, BUILD_ID: "bench" },
});
const shop = await startShop({ databaseFile: "data/bench-lh.sqlite" });
let paths = process.argv.slice(2);
if (paths.length === 0) {
  const reply = await (await fetch(`${shop.origin}/api/products?category_id=1&limit=1`)).json();
  paths = ["/", "/catalog/mountain-bikes", `/product/${reply.data?.[0]?.url_key ?? "not-found"}`];
}
mkdirSync("bench/results", { recursive: true });
const rows = [];
try {
  for (const path of paths) {
    for (const preset of ["mobile", "desktop"]) {
      const out = `bench/results/lh-${preset}-${path.replace(/\W+/g, "_") || "home"}.json`;
      const args = [
        `${shop.origin}${path}`,
        "--output=json",
        `--output-path=${out}`,
        "--quiet",
        `--chrome-flags=${flags}`,
        "--only-categories=performance,accessibility,best-practices,seo",
      ];
      if (preset === "desktop") args.push("--preset=desktop");
      const r = spawnSync("node_modules/.bin/lighthouse", args, {
        stdio: "inherit",
        env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
      });
      if (r.status !== 0) throw new Error(`lighthouse failed on ${path}`);
      const lhr = JSON.parse(readFileSync(out, "utf8"));
      const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      const ms = (a) => Math.round(lhr.audits[a]?.numericValue ?? 0);
      rows.push({
        path,
        preset,
        performance: score("performance"),
        accessibility: score("accessibility"),
        "best-practices": score("best-practices"),
        seo: score("seo"),
        "LCP ms": ms("largest-contentful-paint"),
        "TBT ms": ms("total-blocking-time"),
        CLS: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
      });
    }
  }
} finally {
  shop.stop();
}
console.table(rows);
