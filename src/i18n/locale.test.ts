import { describe, expect, it } from "vitest";
import {
  initialLocale,
  localeCookie,
  localeFromAcceptLanguage,
  localeFromCookie,
  normaliseLocale,
  requestLocale,
} from "./locale";

describe("locale choice", () => {
  it("reads the legacy stored value fn as French", () => {
    expect(normaliseLocale("fn")).toBe("fr");
    expect(initialLocale("fn")).toBe("fr");
  });

  it("accepts en, fr and de with regions or any case", () => {
    expect(normaliseLocale("de-CH")).toBe("de");
    expect(normaliseLocale("FR")).toBe("fr");
    expect(normaliseLocale("en_GB")).toBe("en");
  });

  it("ignores unknown languages and falls back to the browser, then English", () => {
    expect(normaliseLocale("es")).toBeNull();
    expect(initialLocale("es", ["it-IT", "de-DE"])).toBe("de");
    expect(initialLocale(null, ["ja"])).toBe("en");
  });

  it("prefers the stored choice over the browser's", () => {
    expect(initialLocale("de", ["fr-FR"])).toBe("de");
  });

  it("reads the lang cookie among others, and ignores a language the shop does not have", () => {
    expect(localeFromCookie("a=1; lang=de; b=2")).toBe("de");
    expect(localeFromCookie("xlang=fr; lang=fn")).toBe("fr");
    expect(localeFromCookie("lang=es")).toBeNull();
    expect(localeFromCookie("")).toBeNull();
  });

  it("takes the best supported language of Accept-Language by quality", () => {
    expect(localeFromAcceptLanguage("it-IT, de;q=0.7, fr;q=0.8")).toBe("fr");
    expect(localeFromAcceptLanguage("fr;q=0, de-AT")).toBe("de");
    expect(localeFromAcceptLanguage("ja, *;q=0.5")).toBeNull();
    expect(requestLocale("lang=de", "fr")).toBe("de");
    expect(requestLocale(null, "es, fr-CA;q=0.5")).toBe("fr");
    expect(requestLocale("lang=zz", undefined)).toBe("en");
  });

  it("writes a year-long, site-wide, first-party cookie, Secure over HTTPS", () => {
    expect(localeCookie("fr", false)).toBe("lang=fr; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(localeCookie("de", true)).toMatch(/; Secure$/);
  });
});
