import { describe, expect, it } from "vitest";
import { chooseCopy } from "./reply-dates";

describe("which copy a query keeps, and its date", () => {
  const now = Date.UTC(2026, 10, 26, 9);
  const day = 24 * 60 * 60 * 1000;

  it("dates a reply by when the server produced it", () => {
    expect(chooseCopy(now - 2 * day, null, now)).toEqual({ keepHeld: false, updatedAt: now - 2 * day });
  });

  it("takes a reply at least as fresh as the copy held", () => {
    expect(chooseCopy(now - day, now - 2 * day, now)).toEqual({ keepHeld: false, updatedAt: now - day });
    expect(chooseCopy(now - day, now - day, now)).toEqual({ keepHeld: false, updatedAt: now - day });
  });

  it("keeps the copy held when the reply is older (a pack saved before it)", () => {
    expect(chooseCopy(now - 3 * day, now - day, now)).toEqual({ keepHeld: true, updatedAt: now - day });
  });

  it("dates a reply that does not say by the time of the read, and none in the future", () => {
    expect(chooseCopy(null, now - day, now)).toEqual({ keepHeld: false, updatedAt: now });
    expect(chooseCopy(now + 60_000, null, now)).toEqual({ keepHeld: false, updatedAt: now });
  });
});
