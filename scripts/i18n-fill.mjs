// Fills empty fr/de translations from JSON dictionaries: { "English source": { "fr": "…", "de": "…" } }.
// Usage: node scripts/i18n-fill.mjs translations.json [more.json …]   (then review the .po diff)
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { CATALOGUES, catalogueFile } from "./catalogues.mjs";
import { fillPo } from "./po.mjs";

const dict = Object.assign({}, ...process.argv.slice(2).map((f) => JSON.parse(readFileSync(f, "utf8"))));
// New messages must be in the catalogues before they can be filled.
execFileSync("node_modules/.bin/lingui", ["extract", "--clean"], { stdio: "ignore" });
for (const locale of ["fr", "de"]) {
  // A message in both catalogues gets the same translation in each.
  for (const catalogue of CATALOGUES) {
    const n = fillPo(catalogueFile(locale, catalogue), (id) => dict[id]?.[locale]);
    console.log(`${locale} ${catalogue}: filled ${n}`);
  }
}
// Normalise the files the way lingui writes them, so the i18n check sees no diff.
execFileSync("node_modules/.bin/lingui", ["extract", "--clean"], { stdio: "ignore" });
