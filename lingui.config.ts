import { defineConfig } from "@lingui/cli";
import type { LinguiConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

const config: LinguiConfig = defineConfig({
  sourceLocale: "en",
  locales: ["en", "fr", "de"],
  catalogs: [
    { path: "<rootDir>/src/i18n/locales/{locale}/messages", include: ["src"], exclude: ["**/*.test.*"] },
  ],
  // No source references: the catalogues change only when a message changes, not when code moves.
  format: formatter({ origins: false, lineNumbers: false }),
  orderBy: "messageId",
});

export default config;
