import { choiceCookie, readCookie } from "./cookies";

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

/**
 * The cookie that carries the shopper's language to the server, so the first page is rendered in it
 * (docs/decisions/029-the-first-page-is-rendered-in-the-shoppers-language.md). Set by the browser whenever a
 * language is activated (not HttpOnly: the page writes it); the stored choice in localStorage wins over it.
 */
export const LOCALE_COOKIE = "lang";

/** The language in a Cookie header (or `document.cookie`), or null. */
export function localeFromCookie(cookie: string | null | undefined): Locale | null {
  return normaliseLocale(readCookie(cookie, LOCALE_COOKIE));
}

/** The first supported language of an Accept-Language header, by quality, or null. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranges = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      const quality = q === undefined ? 1 : Number(q);
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((r) => r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const r of ranges) {
    const locale = normaliseLocale(r.tag);
    if (locale) return locale;
  }
  return null;
}

/**
 * The query parameter of a page's address in one language (`/product/x?lang=fr`): what a crawler, which
 * keeps no cookie, and a shared link reach each language by. It wins over the cookie and the stored choice.
 */
export const LOCALE_PARAM = "lang";

/** The language a server renders a page in: the address's, else the cookie's, else the browser's, else English. */
export function requestLocale(
  cookie: string | null | undefined,
  acceptLanguage: string | null | undefined,
  asked?: string | null,
): Locale {
  return (
    normaliseLocale(asked) ??
    localeFromCookie(cookie) ??
    localeFromAcceptLanguage(acceptLanguage) ??
    DEFAULT_LOCALE
  );
}

/** The cookie the browser writes for a language (a year, the whole site, first-party only). */
export function localeCookie(locale: Locale, secure: boolean): string {
  return choiceCookie(LOCALE_COOKIE, locale, secure);
}
