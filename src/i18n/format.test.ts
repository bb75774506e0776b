import { describe, expect, it } from "vitest";
import { dateTimeFormat, formatCount, formatDate, numberFormat, toAmount } from "./format";

describe("wire amounts and dates", () => {
  it("reads Bagisto money given as decimal strings", () => {
    expect(toAmount("50.0000")).toBe(50);
    expect(toAmount(20)).toBe(20);
    expect(toAmount("abc")).toBe(0);
    expect(toAmount(null)).toBe(0);
  });

  it("formats dates as month day year", () => {
    expect(formatDate("2026-03-05T10:00:00.000000Z", "en")).toBe("March 5, 2026");
    expect(formatDate("2026-03-05T10:00:00Z", "de")).toBe("5. März 2026");
    expect(formatDate("not a date", "en")).toBe("");
  });
});

describe("formatCount", () => {
  it("groups digits as each language does", () => {
    expect(formatCount(12500, "en")).toBe("12,500");
    expect(formatCount(12500, "de")).toBe("12.500");
    expect(formatCount(12500, "fr")).toBe("12\u202f500");
    expect(formatCount(12500, "en")).toBe("12,500");
  });
});

describe("the shared formatters", () => {
  it("are made once per language and options", () => {
    const unit = { style: "unit", unit: "megabyte" } as const;
    expect(numberFormat("de", unit)).toBe(numberFormat("de", { ...unit }));
    expect(numberFormat("fr", unit)).not.toBe(numberFormat("de", unit));
    expect(numberFormat("de", { ...unit, unit: "kilobyte" })).not.toBe(numberFormat("de", unit));
    expect(dateTimeFormat("en", { dateStyle: "medium" })).toBe(dateTimeFormat("en", { dateStyle: "medium" }));
  });
});
