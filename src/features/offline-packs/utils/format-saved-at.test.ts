import { describe, expect, it } from "vitest";
import { formatSavedAt } from "./format-saved-at";

describe("when a pack was saved", () => {
  it("is said with its time, as each language does", () => {
    const savedAt = new Date(2026, 10, 26, 14, 5).getTime();
    expect(formatSavedAt(savedAt, "de")).toBe("26.11.2026, 14:05");
    expect(formatSavedAt(savedAt, "fr")).toBe("26 nov. 2026, 14:05");
    expect(formatSavedAt(savedAt + 60_000, "de")).toBe("26.11.2026, 14:06");
  });
});
