import { describe, expect, it } from "vitest";
import { initialLocale, normaliseLocale } from "./locale";

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
});
