// `npm run bench:lighthouse [-- /path …]`: Lighthouse 12 mobile and desktop on the production build.
// Prints the category scores and LCP, TBT, CLS per path. Default paths: /, a catalogue, a product page.
// LH_RUNS=n runs each page n times and prints the run with the median performance score (single runs on a
// shared machine vary by about ±5), with each run's score and TBT and the medians of TBT and LCP on their own;
// LH_PRESETS=mobile (or desktop) runs one preset only. DIST_DIR: the build directory (default dist).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { CHROMIUM_ARGS, CHROMIUM_PATH, startShop } from "./serve.mjs";

const flags = ["--headless", ...CHROMIUM_ARGS].join(" ");
const distDir = process.env.DIST_DIR ?? "dist";
execFileSync("node", ["scripts/build.mjs", distDir], {
  stdio: "ignore",
  env: { ...process.env, BUILD_ID: "bench" },
});
const shop = await startShop({ databaseFile: "data/bench-lh.sqlite", distDir });
let paths = process.argv.slice(2);
if (paths.length === 0) {
  const reply = await (await fetch(`${shop.origin}/api/products?category_id=1&limit=1`)).json();
  paths = ["/", "/catalog/mountain-bikes", `/product/${reply.data?.[0]?.url_key ?? "not-found"}`];
}
mkdirSync("bench/results", { recursive: true });
const runs = Math.max(1, Number(process.env.LH_RUNS ?? 1) || 1);
const rows = [];
try {
  for (const path of paths) {
    for (const preset of (process.env.LH_PRESETS ?? "mobile,desktop").split(",")) {
      const candidates = [];
      for (let run = 0; run < runs; run++) {
        const out = `bench/results/lh-${preset}-${path.replace(/\W+/g, "_") || "home"}-${run}.json`;
        const args = [
          `${shop.origin}${path}`,
          "--output=json",
          `--output-path=${out}`,
          "--quiet",
          `--chrome-flags=${flags}`,
          "--only-categories=performance,accessibility,best-practices,seo",
        ];
        if (preset === "desktop") args.push("--preset=desktop");
        let lhr;
        // A run Chromium could not trace (Lighthouse's runtimeError, e.g. NO_NAVSTART) is run again.
        for (let attempt = 0; attempt < 3 && !lhr; attempt++) {
          rmSync(out, { force: true });
          const r = spawnSync("node_modules/.bin/lighthouse", args, {
            stdio: "inherit",
            env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
          });
          let report = null;
          try {
            report = JSON.parse(readFileSync(out, "utf8"));
          } catch {
            // no report: the run failed for another reason
          }
          if (report && !report.runtimeError && r.status === 0) lhr = report;
          else if (!report?.runtimeError) throw new Error(`lighthouse failed on ${path}`);
        }
        if (!lhr) throw new Error(`lighthouse could not measure ${path}`);
        const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
        const ms = (a) => Math.round(lhr.audits[a]?.numericValue ?? 0);
        candidates.push({
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
      const median = (key) => {
        const values = candidates.map((c) => c[key]).sort((a, b) => a - b);
        return values[Math.floor(values.length / 2)];
      };
      const runsOf = (key) => candidates.map((c) => c[key]).join(" ");
      candidates.sort((a, b) => a.performance - b.performance);
      rows.push({
        ...candidates[Math.floor(candidates.length / 2)],
        runs: runsOf("performance"),
        "median TBT": median("TBT ms"),
        "TBT runs": runsOf("TBT ms"),
        "median LCP": median("LCP ms"),
      });
    }
  }
} finally {
  shop.stop();
}
console.table(rows);
