// The browser suite: checks Debian Chromium is there (never skips silently), builds the production
// storefront, checks its first-visit size budget on that build (scripts/check-bundle.mjs), then runs Playwright
// (which starts the reference server on a fresh database). Over the budget, the suite still runs and then fails.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { checkBundle } from "./check-bundle.mjs";
import { CHROMIUM_PATH } from "./chromium.mjs";

if (!existsSync(CHROMIUM_PATH)) {
  console.error(`Chromium is missing at ${CHROMIUM_PATH}. Install it with: sudo apt-get install -y chromium`);
  process.exit(1);
}
const run = (cmd, args, env = {}) => {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
// DIST_DIR lets parallel runs (several developers on one machine) build and serve their own copy.
const distDir = process.env.DIST_DIR ?? "dist";
run("node", ["scripts/build.mjs", distDir], {
  BUILD_ID: process.env.BUILD_ID ?? "e2e",
});
const withinBudget = checkBundle(distDir);
run("node_modules/.bin/playwright", ["test", ...process.argv.slice(2)], {
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
  DIST_DIR: distDir,
});
if (!withinBudget) process.exit(1);
