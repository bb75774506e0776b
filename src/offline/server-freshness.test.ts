// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { noteWriteOver, noteWriteUnderWay, serverReadIsCurrent } from "./server-freshness";

describe("serverReadIsCurrent (shared by every tab through localStorage)", () => {
  beforeEach(() => localStorage.clear());

  it("trusts a read that started after the last write settled, with none under way", () => {
    noteWriteUnderWay("cart", "k1", 1_000);
    expect(serverReadIsCurrent("cart", 1_500, 1_600)).toBe(false);
    noteWriteOver("cart", "k1", true, 2_000);
    // Started before the write was answered: it may not hold it.
    expect(serverReadIsCurrent("cart", 1_500, 2_100)).toBe(false);
    expect(serverReadIsCurrent("cart", 2_001, 2_100)).toBe(true);
    expect(serverReadIsCurrent("cart", null, 2_100)).toBe(false);
  });

  it("counts each kind on its own, and a change dropped before it was sent does not date the reads", () => {
    noteWriteUnderWay("wishlist", "w1", 1_000);
    expect(serverReadIsCurrent("cart", 1_100, 1_200)).toBe(true);
    expect(serverReadIsCurrent("wishlist", 1_100, 1_200)).toBe(false);
    noteWriteOver("wishlist", "w1", false, 1_300);
    expect(serverReadIsCurrent("wishlist", 1_100, 1_400)).toBe(true);
  });

  it("stops waiting for a write a closed tab left under way after two minutes", () => {
    noteWriteUnderWay("cart", "k1", 1_000);
    expect(serverReadIsCurrent("cart", 5_000, 60_000)).toBe(false);
    expect(serverReadIsCurrent("cart", 5_000, 1_000 + 2 * 60_000 + 1)).toBe(true);
  });

  it("reads unreadable storage as empty", () => {
    localStorage.setItem("outbox-under-way", "{not json");
    localStorage.setItem("outbox-settled-at", "[]");
    expect(serverReadIsCurrent("cart", 1, 2)).toBe(true);
  });
});
