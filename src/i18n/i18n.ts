/*
 * Lingui set-up: two compiled catalogues per locale (decision 059), each its own small chunk loaded on demand:
 * `first`, what the first screen draws, loaded before the app renders, and `pages`, loaded with the code of any
 * other page or popup (`withCatalogue`). The language's choice is persisted in localStorage, mirrored in
 * <html lang> and in the `lang` cookie the server renders the first page in
 * (docs/decisions/029-the-first-page-is-rendered-in-the-shoppers-language.md).
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

/** A message catalogue of each language; which source files' messages each holds: lingui.config.ts. */
export type Catalogue = "first" | "pages";

const files = import.meta.glob<{ messages: Messages }>("./locales/*/*.po");

/** Each catalogue of each language, fetched once (a failed fetch is tried again by the next caller). */
const fetched = new Map<string, Promise<Messages>>();
function fetchCatalogue(locale: Locale, catalogue: Catalogue): Promise<Messages> {
  const key = `${locale}/${catalogue}`;
  let messages = fetched.get(key);
  if (!messages) {
    const load = files[`./locales/${key}.po`];
    if (!load) return Promise.reject(new Error(`No ${key} catalogue`));
    messages = load().then((m) => m.messages);
    messages.catch(() => fetched.delete(key));
    fetched.set(key, messages);
  }
  return messages;
}

/** The catalogues the app has needed so far: a language to switch to loads them all before it is shown. */
const needed = new Set<Catalogue>(["first"]);
/** The language being switched to, while its catalogues load. */
let switchingTo: Locale | null = null;
/** Which catalogues `i18n` already holds, per language. */
const held = new Set<string>();

async function loadCatalogues(locale: Locale, catalogues: readonly Catalogue[]): Promise<void> {
  const missing = catalogues.filter((c) => !held.has(`${locale}/${c}`));
  if (missing.length === 0) return;
  const loaded = await Promise.all(missing.map((c) => fetchCatalogue(locale, c)));
  const fresh = missing.filter((c) => !held.has(`${locale}/${c}`));
  if (fresh.length === 0) return;
  // One `load` (one "change": the providers render once more, when a page or popup first needs `pages`),
  // merged into what the language already holds.
  i18n.load(locale, Object.assign({}, ...loaded));
  for (const c of fresh) held.add(`${locale}/${c}`);
}

/**
 * Loads `catalogue` in the active language (and in the one being switched to), resolving once its messages
 * are in `i18n`: a page's code waits for it, so that the page never shows a message id.
 */
export function loadCatalogue(catalogue: Catalogue): Promise<void> {
  needed.add(catalogue);
  const locales = new Set(
    [i18n.locale, switchingTo].map((l) => normaliseLocale(l)).filter((l): l is Locale => l !== null),
  );
  return Promise.all([...locales].map((l) => loadCatalogues(l, [catalogue]))).then(() => undefined);
}

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

/**
 * A page's or a popup's code with the message catalogue it draws from (`pages` unless said otherwise): what
 * `importer` gives, once the catalogue is in the active language too. A route's lazy component and a lazy popup
 * load through it (`pageComponent`, `themedRoute`, `lazyThemed`); the first screen's own
 * catalogue is loaded before the app starts (src/i18n/catalogue-split.test.ts checks that it is enough).
 */
export const withCatalogue =
  <T>(importer: () => Promise<T>, catalogue: Catalogue = "pages"): (() => Promise<T>) =>
  () =>
    Promise.all([importer(), loadCatalogue(catalogue)]).then(([module]) => module);

/** Loads and activates a locale, persists it (storage and cookie) and sets <html lang>. */
export async function activateLocale(locale: Locale): Promise<void> {
  switchingTo = locale;
  try {
    // Every catalogue the app has needed, in the new language, before it is shown: no page switches to a
    // language it has no messages in. A catalogue first needed meanwhile is loaded by the next round.
    for (let catalogues: Catalogue[] = []; catalogues.length < needed.size;) {
      catalogues = [...needed];
      await loadCatalogues(locale, catalogues);
    }
  } finally {
    if (switchingTo === locale) switchingTo = null;
  }
  i18n.activate(locale);
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
