// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  noteWriteOver,
  noteWriteUnderWay,
  serverReadIsCurrent,
  serverReadState,
  watchWriteNotes,
} from "./server-freshness";

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

  it("says until when writes under way hold a read back, so a reader waits for that instead of polling", () => {
    noteWriteUnderWay("cart", "k1", 1_000);
    noteWriteUnderWay("cart", "k2", 3_000);
    expect(serverReadState("cart", 5_000, 6_000)).toEqual({
      current: false,
      underWayUntil: 1_000 + 120_000 + 1,
    });
    noteWriteOver("cart", "k1", true, 7_000);
    noteWriteOver("cart", "k2", true, 8_000);
    // Nothing under way any more, but the read started before they settled: read again, no date to wait for.
    expect(serverReadState("cart", 5_000, 9_000)).toEqual({ current: false, underWayUntil: null });
    expect(serverReadState("cart", 8_001, 9_000)).toEqual({ current: true });
  });

  it("tells watchers of each change of their kind's notes, in this tab and in others, until they stop watching", () => {
    const seen = vi.fn();
    const stop = watchWriteNotes("wishlist", seen);
    noteWriteUnderWay("wishlist", "w1", 1_000);
    noteWriteOver("wishlist", "w1", true, 2_000);
    expect(seen).toHaveBeenCalledTimes(3); // under way, then over: the under-way list and the settled date
    noteWriteUnderWay("cart", "c1", 2_500);
    noteWriteOver("cart", "c1", true, 2_600);
    expect(seen).toHaveBeenCalledTimes(3); // the cart's notes are not the wishlist's
    // Another tab: its write lands in localStorage, then the storage event comes.
    window.dispatchEvent(new StorageEvent("storage", { key: "outbox-settled-at" }));
    expect(seen).toHaveBeenCalledTimes(3); // nothing of the wishlist's changed
    localStorage.setItem("outbox-under-way", JSON.stringify({ w9: { kind: "wishlist", at: 2_700 } }));
    window.dispatchEvent(new StorageEvent("storage", { key: "outbox-under-way" }));
    window.dispatchEvent(new StorageEvent("storage", { key: "some-other-key" }));
    expect(seen).toHaveBeenCalledTimes(4);
    stop();
    noteWriteUnderWay("wishlist", "w2", 3_000);
    window.dispatchEvent(new StorageEvent("storage", { key: "outbox-under-way" }));
    expect(seen).toHaveBeenCalledTimes(4);
  });
});
