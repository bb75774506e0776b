/*
 * Lingui set-up: one compiled catalogue per locale, loaded on demand (each is its own small chunk),
 * the choice persisted in localStorage and mirrored in <html lang>.
 */
import { i18n, type Messages } from "@lingui/core";
import { useSyncExternalStore } from "react";
import { initialLocale, LOCALE_STORAGE_KEY, type Locale } from "./locale";

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

/** Loads and activates a locale, persists it and sets <html lang>. */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await loaders[locale]();
  i18n.loadAndActivate({ locale, messages });
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    /* storage may be unavailable (private mode); the choice then lasts for this visit */
  }
  if (typeof document !== "undefined") document.documentElement.lang = locale;
}

/** Activates the stored (or browser) locale at start-up. */
export function activateInitialLocale(): Promise<void> {
  const browser = typeof navigator === "undefined" ? [] : navigator.languages;
  return activateLocale(initialLocale(readStored(), browser));
}

function subscribe(cb: () => void): () => void {
  return i18n.on("change", cb);
}

/** The active locale, re-rendering on change. */
export function useLocale(): Locale {
  return useSyncExternalStore(
    subscribe,
    () => i18n.locale as Locale,
    () => i18n.locale as Locale,
  );
}

export { i18n };
