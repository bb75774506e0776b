// The i18n catalogue check of the test command:
// 1. the committed catalogues are up to date with the source (lingui extract --clean changes nothing);
// 2. every message has a French and a German translation that is not an English copy;
// 3. a message in both catalogues (`first` and `pages`, decision 059) is translated the same in both.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { CATALOGUES, catalogueFile } from "./catalogues.mjs";
import { readPo } from "./po.mjs";

const files = ["en", "fr", "de"].flatMap((l) => CATALOGUES.map((c) => catalogueFile(l, c)));
const before = files.map((f) => readFileSync(f, "utf8"));
execFileSync("node_modules/.bin/lingui", ["extract", "--clean"], { stdio: "ignore" });
const after = files.map((f) => readFileSync(f, "utf8"));
const problems = [];
files.forEach((f, i) => {
  if (before[i] !== after[i])
    problems.push(`${f} was out of date with the source (now updated by lingui extract)`);
});

// Words that are the same in all three languages.
const SAME = new Set([
  "Velora",
  "Page",
  "Contact",
  "Article",
  "Date",
  "Note",
  "Message",
  "Photo",
  "Promo",
  "Facebook",
  "Instagram",
  "YouTube",
  "X",
  "Total",
  "Menu",
  "Blog",
  "Newsletter",
  "Sale",
  "OK",
  "Email",
  "E-mail",
  "Description",
  "Position",
  "Code",
  "Type",
  "Types",
  "Design",
  "Information",
  "Support",
  "Restaurant",
  "Compare",
  "BMX",
  "GST 18%",
  "Shop",
  "Stock",
  "Filter",
  "Tags",
  "Tag",
  "Pages",
  "Name",
  "Bestseller",
]);
// A message made only of placeholders and punctuation has nothing to translate.
const onlyPlaceholders = (id) => !/[a-z]/i.test(id.replace(/\{[^}]*\}/g, ""));
for (const locale of ["fr", "de"]) {
  const seen = new Map();
  for (const catalogue of CATALOGUES) {
    for (const e of readPo(catalogueFile(locale, catalogue)).entries) {
      if (!e.msgid) continue;
      const key = `${e.msgctxt ?? ""}\u0004${e.msgid}`;
      const other = seen.get(key);
      if (other !== undefined && other !== e.msgstr)
        problems.push(`${locale}: ${JSON.stringify(e.msgid)} is translated differently in two catalogues`);
      seen.set(key, e.msgstr);
    }
  }
  const entries = CATALOGUES.flatMap((c) => readPo(catalogueFile(locale, c)).entries);
  for (const e of entries) {
    if (!e.msgid) continue;
    if (!e.msgstr.trim()) problems.push(`${locale}: missing translation for ${JSON.stringify(e.msgid)}`);
    else if (
      e.msgstr === e.msgid &&
      /[a-z]{3}/i.test(e.msgid) &&
      !SAME.has(e.msgid) &&
      !onlyPlaceholders(e.msgid)
    )
      problems.push(`${locale}: English copy for ${JSON.stringify(e.msgid)}`);
  }
}
if (problems.length) {
  console.error(`i18n check failed (${problems.length}):\n- ${problems.slice(0, 60).join("\n- ")}`);
  process.exit(1);
}
console.log("i18n check: catalogues up to date, fr and de complete");
