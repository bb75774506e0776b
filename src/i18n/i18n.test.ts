// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { activateInitialLocale, activateLocale, i18n } from "./i18n";

/** The `lang` attribute writes on <html> while `fn` runs. */
async function langWrites(fn: () => Promise<void>): Promise<string[]> {
  const records: string[] = [];
  const observer = new MutationObserver((list) => {
    for (const r of list) if (r.attributeName === "lang") records.push(document.documentElement.lang);
  });
  observer.observe(document.documentElement, { attributes: true });
  await fn();
  await Promise.resolve();
  records.push(...observer.takeRecords().map(() => document.documentElement.lang));
  observer.disconnect();
  return records;
}

describe("activating a language", () => {
  it("sets <html lang> when the language changes, and leaves it untouched when it is already the page's", async () => {
    document.documentElement.lang = "en";
    // The server's page is already in English: no write (a write restyles every element).
    expect(await langWrites(() => activateLocale("en"))).toEqual([]);
    expect(i18n.locale).toBe("en");
    expect(await langWrites(() => activateLocale("fr"))).toEqual(["fr"]);
    expect(document.documentElement.lang).toBe("fr");
    expect(i18n.locale).toBe("fr");
    expect(await langWrites(() => activateLocale("fr"))).toEqual([]);
  });
});

describe("the language to start in", () => {
  it("is the address's (?lang=), over a stored choice and the server's, and is kept for the next pages", async () => {
    localStorage.setItem("language", "de");
    window.history.replaceState(null, "", "/product/corsa-lite?lang=fr");
    await activateInitialLocale("en");
    expect(i18n.locale).toBe("fr");
    expect(localStorage.getItem("language")).toBe("fr");
    expect(document.cookie).toContain("lang=fr");
    // Without one in the address, the stored choice wins over the server's language.
    window.history.replaceState(null, "", "/product/corsa-lite?lang=xx");
    localStorage.setItem("language", "de");
    await activateInitialLocale("en");
    expect(i18n.locale).toBe("de");
    window.history.replaceState(null, "", "/");
  });
});
