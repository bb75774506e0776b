export const LOCALES = ["en", "fr", "de"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_STORAGE_KEY = "language";

export const LOCALE_NAMES: Record<Locale, string> = { en: "English", fr: "Français", de: "Deutsch" };

/** Reads a stored or requested language code; the legacy `fn` means French. Unknown values give null. */
export function normaliseLocale(value: string | null | undefined): Locale | null {
  if (!value) return null;
  const code = value.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  if (code === "fn") return "fr";
  return (LOCALES as readonly string[]).includes(code) ? (code as Locale) : null;
}

/** The language to start with: the stored choice, else the browser's, else English. */
export function initialLocale(stored: string | null, browser: readonly string[] = []): Locale {
  return normaliseLocale(stored) ?? browser.map(normaliseLocale).find((l) => l !== null) ?? DEFAULT_LOCALE;
}
