/*
 * Lingui set-up: one compiled catalogue per locale, loaded on demand (each is its own small chunk),
 * the choice persisted in localStorage, mirrored in <html lang> and in the `lang` cookie the server renders
 * the first page in (docs/decisions/029-the-first-page-is-rendered-in-the-shoppers-language.md).
 */
import { i18n, type Messages } from "@lingui/core";
import { useLingui } from "@lingui/react";
import {
  initialLocale,
  LOCALE_PARAM,
  LOCALE_STORAGE_KEY,
  localeCookie,
  localeFromCookie,
  normaliseLocale,
  type Locale,
} from "./locale";

const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import("./locales/en/messages.po"),
  fr: () => import("./locales/fr/messages.po"),
  de: () => import("./locales/de/messages.po"),
};

function readStored(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Writes the `lang` cookie when it does not already say `locale`: the server's next page is in it. */
function syncCookie(locale: Locale): void {
  if (typeof document === "undefined") return;
  if (localeFromCookie(document.cookie) === locale) return;
  document.cookie = localeCookie(locale, location.protocol === "https:");
}

/** Loads and activates a locale, persists it (storage and cookie) and sets <html lang>. */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await loaders[locale]();
  i18n.loadAndActivate({ locale, messages });
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    /* storage may be unavailable (private mode); the cookie then carries the choice */
  }
  syncCookie(locale);
  // Only when it changes: writing <html lang>, even the same value, makes Chromium restyle every element of the
  // page (a `:lang` invalidation; 336 elements on a product page at start-up, seen in a trace).
  if (typeof document !== "undefined" && document.documentElement.lang !== locale)
    document.documentElement.lang = locale;
}

/**
 * Activates the language to start in: the stored choice, else the one the server rendered the page in
 * (`serverLocale`, from its cookie or Accept-Language), else the browser's. A stored choice that differs
 * from the server's (chosen before the cookie existed) wins and re-sets the cookie.
 */
export function activateInitialLocale(serverLocale?: string | null): Promise<void> {
  const browser = typeof navigator === "undefined" ? [] : navigator.languages;
  // A page's address in one language (`?lang=fr`, a search result or a shared link) wins, and is kept.
  const asked =
    typeof location === "undefined"
      ? null
      : normaliseLocale(new URLSearchParams(location.search).get(LOCALE_PARAM));
  const stored = asked ?? normaliseLocale(readStored()) ?? normaliseLocale(serverLocale);
  return activateLocale(initialLocale(stored, browser));
}

/** The active locale of the rendering tree (its I18nProvider: one per server render), re-rendering on change. */
export function useLocale(): Locale {
  return useLingui().i18n.locale as Locale;
}

export { i18n };
