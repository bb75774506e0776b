// The first-visit size budget `npm test` checks (a size, not a timing): the JavaScript a first visit to `/`
// cannot render without, as the build's manifest says (scripts/first-visit.mjs), gzip level 9. Reads an existing
// build: `node scripts/check-bundle.mjs [outDir]` (default dist/); scripts/e2e.mjs runs it on the build the
// browser suite uses. Exits with 1 above the budget.
//
// This is the manifest's figure, not bench:bundle's Chromium one (every script downloaded before any
// interaction, about 3 kB more): the budget is today's manifest figure plus about 2 kB (docs/performance.md).
import { pathToFileURL } from "node:url";
import { firstVisitScripts } from "./first-visit.mjs";

export const BUDGET_KB = 166;

/** Prints the figure; returns false above the budget. */
export function checkBundle(outDir) {
  const { files, raw, gzip } = firstVisitScripts(outDir);
  const kB = gzip / 1024;
  const line =
    `First visit to / (build manifest: entry, static imports, home route, first-screen English catalogue): ` +
    `${files.length} scripts, ${(raw / 1024).toFixed(1)} kB, ${kB.toFixed(2)} kB gzip (budget ${BUDGET_KB} kB).`;
  if (kB > BUDGET_KB) {
    console.error(`${line}\nOver budget by ${(kB - BUDGET_KB).toFixed(2)} kB: see docs/performance.md.`);
    return false;
  }
  console.log(line);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (!checkBundle(process.argv[2] ?? process.env.DIST_DIR ?? "dist")) process.exitCode = 1;
}
