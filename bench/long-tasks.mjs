// `npm run bench:tasks [-- /path …]`: what blocks the main thread during a first visit (issue 16, TBT).
// Builds the storefront unminified (`--minify false`, so each module keeps its `// path` banner and its function
// names), loads each path server-rendered in Chromium at 412×823 with the CPU slowed down 4× (Lighthouse's
// mobile factor) and the service worker blocked, samples the main thread's JavaScript for 8 s with the V8
// profiler and prints:
//  - every run of busy samples longer than 50 ms (≈ a long task; the unminified build is a little slower than
//    the real one), with the modules (package or source file) its time went to and the nearest storefront
//    function on the stack, and their sum beyond 50 ms (≈ Lighthouse's total blocking time, unsimulated);
//  - the busy time of the whole visit per module.
// It answers "which code makes this task long", which Lighthouse's attribution (a chunk's URL) does not. Run
// it on a quiet machine; the figures are for comparing two builds, not a score. DIST_DIR: the build directory
// (default dist-tasks).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH, startShop } from "./serve.mjs";

const outDir = process.env.DIST_DIR ?? "dist-tasks";
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/catalog/mountain-bikes"];
execFileSync("node", ["scripts/build.mjs", outDir, "--minify", "false"], {
  stdio: "ignore",
  env: { ...process.env, BUILD_ID: "bench" },
});

const banners = new Map();
/** The module a line of a built script belongs to: the last `// path` banner above it. */
function moduleAt(url, line) {
  if (!url.includes("/assets/")) return url ? "(page)" : "(native)";
  const file = url.replace(/^.*\/assets\//, "");
  if (!banners.has(file)) {
    const marks = [];
    readFileSync(`${outDir}/assets/${file}`, "utf8")
      .split("\n")
      .forEach((text, i) => {
        const m = /^\/\/ ((?:\.\.\/)+\S+|src\/\S+)$/.exec(text);
        if (m) marks.push([i, m[1]]);
      });
    banners.set(file, marks);
  }
  let found = `${file} (before its first banner)`;
  for (const [i, path] of banners.get(file)) {
    if (i > line) break;
    found = path;
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(found);
  return pkg ? pkg[1] : found.replace(/^(\.\.\/)+/, "");
}

function analyse(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const total = new Map();
  const runs = [];
  let run = null;
  let t = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += (profile.timeDeltas[i] ?? 0) / 1000;
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const node = byId.get(profile.samples[i]);
    const fn = node.callFrame.functionName;
    if (fn === "(idle)" || fn === "(program)") {
      if (run) runs.push(run);
      run = null;
      continue;
    }
    run ??= { start: t, ms: 0, modules: new Map(), app: new Map() };
    run.ms += dt;
    const mod =
      fn === "(garbage collector)" ? "(gc)" : moduleAt(node.callFrame.url, node.callFrame.lineNumber);
    run.modules.set(mod, (run.modules.get(mod) ?? 0) + dt);
    total.set(mod, (total.get(mod) ?? 0) + dt);
    for (let n = node; n; n = byId.get(parent.get(n.id))) {
      const m = n.callFrame.url.includes("/assets/") ? moduleAt(n.callFrame.url, n.callFrame.lineNumber) : "";
      if (!m.startsWith("src/")) continue;
      const key = `${n.callFrame.functionName || "(anonymous)"} (${m.slice(4)})`;
      run.app.set(key, (run.app.get(key) ?? 0) + dt);
      break;
    }
  }
  if (run) runs.push(run);
  return { runs, total };
}

const top = (map, n) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
    .join(", ");

const shop = await startShop({ databaseFile: "data/bench-tasks.sqlite", distDir: outDir });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const path of paths) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      serviceWorkers: "block",
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
    await page.goto(shop.origin + path, { waitUntil: "load" });
    await page.waitForTimeout(8000);
    const { profile } = await cdp.send("Profiler.stop");
    await context.close();
    const { runs, total } = analyse(profile);
    const long = runs.filter((r) => r.ms > 50);
    const busy = [...total.values()].reduce((a, b) => a + b, 0);
    console.log(`\n${path}: busy ${busy.toFixed(0)} ms (4× CPU), runs over 50 ms:`);
    for (const r of long) {
      console.log(
        `  at ${r.start.toFixed(0).padStart(5)} ms  ${r.ms.toFixed(0).padStart(4)} ms  ${top(r.modules, 5)}`,
      );
      if (r.app.size) console.log(`${" ".repeat(25)}storefront: ${top(r.app, 4)}`);
    }
    console.log(`  sum beyond 50 ms: ${long.reduce((a, r) => a + r.ms - 50, 0).toFixed(0)} ms`);
    console.log(`  busy time per module: ${top(total, 14)}`);
  }
} finally {
  await browser.close();
  shop.stop();
}
