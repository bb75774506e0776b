// `npm run soak -- --flips 1000 --seed 7`: the fault-injection soak (tests/e2e/offline-fault-soak.spec.ts) at
// any length and seed. Builds the storefront like the e2e suite, runs only the soak in Debian Chromium and
// prints its summary: flips, changes, dropped replies, server kills, lost, doubled.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { CHROMIUM_PATH } from "./chromium.mjs";

const { values } = parseArgs({
  options: {
    flips: { type: "string", default: "1000" },
    seed: { type: "string", default: String(Date.now() % 1_000_000) },
    "no-build": { type: "boolean", default: false },
  },
});
if (!existsSync(CHROMIUM_PATH)) {
  console.error(`Chromium is missing at ${CHROMIUM_PATH}. Install it with: sudo apt-get install -y chromium`);
  process.exit(1);
}
const distDir = process.env.DIST_DIR ?? "dist";
const env = { ...process.env, DIST_DIR: distDir, SOAK_FLIPS: values.flips, SOAK_SEED: values.seed };
if (!values["no-build"]) {
  const build = spawnSync("node", ["scripts/build.mjs", distDir], {
    stdio: "inherit",
    env: { ...env, BUILD_ID: "soak" },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
console.log(`soak: ${values.flips} flips, seed ${values.seed}`);
const run = spawnSync(
  "node_modules/.bin/playwright",
  ["test", "tests/e2e/offline-fault-soak.spec.ts", "--retries=0", "--reporter=line"],
  { stdio: "inherit", env: { ...env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" } },
);
process.exit(run.status ?? 1);
