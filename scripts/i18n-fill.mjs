// Fills empty fr/de translations from JSON dictionaries: { "English source": { "fr": "…", "de": "…" } }.
// Usage: node scripts/i18n-fill.mjs translations.json [more.json …]   (then review the .po diff)
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fillPo } from "./po.mjs";

const dict = Object.assign({}, ...process.argv.slice(2).map((f) => JSON.parse(readFileSync(f, "utf8"))));
// New messages must be in the catalogues before they can be filled.
execFileSync("node_modules/.bin/lingui", ["extract", "--clean"], { stdio: "ignore" });
for (const locale of ["fr", "de"]) {
  const n = fillPo(`src/i18n/locales/${locale}/messages.po`, (id) => dict[id]?.[locale]);
  console.log(`${locale}: filled ${n}`);
}
// Normalise the files the way lingui writes them, so the i18n check sees no diff.
execFileSync("node_modules/.bin/lingui", ["extract", "--clean"], { stdio: "ignore" });
