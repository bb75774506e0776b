import { dateTimeFormat } from "@/i18n/format";

/** When a pack was saved, with the time ("26 Nov 2026, 14:05"), in the shopper's language. */
export function formatSavedAt(savedAt: number, locale: string): string {
  return dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(savedAt);
}
