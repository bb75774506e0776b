import { describe, expect, it, vi } from "vitest";
import { dateTimeFormat, formatCount, formatDate, numberFormat } from "./format";

describe("dates", () => {
  it("formats dates as month day year", () => {
    expect(formatDate("2026-03-05T10:00:00.000000Z", "en")).toBe("March 5, 2026");
    expect(formatDate("2026-03-05T10:00:00Z", "de")).toBe("5. März 2026");
    expect(formatDate("not a date", "en")).toBe("");
  });

  it("writes a public page's date in UTC, whatever the server's or the browser's time zone", () => {
    // Kiritimati is UTC+14: 23:30 UTC on 5 March is already 6 March there.
    vi.stubEnv("TZ", "Pacific/Kiritimati");
    try {
      const late = "2026-03-05T23:30:00Z";
      expect(new Intl.DateTimeFormat("en", { day: "numeric" }).format(new Date(late))).toBe("6");
      expect(formatDate(late, "en", "UTC")).toBe("March 5, 2026");
      expect(formatDate(late, "fr", "UTC")).toBe("5 mars 2026");
    } finally {
      vi.unstubAllEnvs();
    }
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
