// Fills empty fr/de translations from a JSON dictionary: { "English source": { "fr": "…", "de": "…" } }.
// Usage: node scripts/i18n-fill.mjs translations.json   (then review the .po diff)
import { readFileSync } from "node:fs";
import { fillPo } from "./po.mjs";

const dict = JSON.parse(readFileSync(process.argv[2], "utf8"));
for (const locale of ["fr", "de"]) {
  const n = fillPo(`src/i18n/locales/${locale}/messages.po`, (id) => dict[id]?.[locale]);
  console.log(`${locale}: filled ${n}`);
}
// Normalise the files the way lingui writes them, so the i18n check sees no diff.
const { execFileSync } = await import("node:child_process");
execFileSync("node_modules/.bin/lingui", ["extract", "--clean"], { stdio: "ignore" });
