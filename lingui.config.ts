import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "fr", "de"],
  catalogs: [
    { path: "<rootDir>/src/i18n/locales/{locale}/messages", include: ["src"], exclude: ["**/*.test.*"] },
  ],
  // No source references: the catalogues change only when a message changes, not when code moves.
  format: formatter({ origins: false, lineNumbers: false }),
  orderBy: "messageId",
});
