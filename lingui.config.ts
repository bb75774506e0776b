import { defineConfig } from "@lingui/cli";
import type { LinguiConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";
import { PAGE_FILES } from "./scripts/catalogues.mjs";

const tests = "**/*.test.*";

// Two catalogues per language (decision 059): `first`, the first screen's messages, and `pages`, those of the
// files PAGE_FILES names (scripts/catalogues.mjs). A message used on both sides is in both.
const config: LinguiConfig = defineConfig({
  sourceLocale: "en",
  locales: ["en", "fr", "de"],
  catalogs: [
    { path: "<rootDir>/src/i18n/locales/{locale}/first", include: ["src"], exclude: [tests, ...PAGE_FILES] },
    { path: "<rootDir>/src/i18n/locales/{locale}/pages", include: PAGE_FILES, exclude: [tests] },
  ],
  // No source references: the catalogues change only when a message changes, not when code moves.
  format: formatter({ origins: false, lineNumbers: false }),
  orderBy: "messageId",
});

export default config;
