// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { createCacheRestore, NAVIGATION_WAIT_MS } from "./restore-state";

afterEach(() => vi.useRealTimers());

describe("waiting for the persisted cache", () => {
  it("lets a loader go once the cache is back, or after the cap, and starts again after a reset", async () => {
    vi.useFakeTimers();
    const restore = createCacheRestore();
    const seen: string[] = [];
    void restore.whenRestored().then(() => seen.push("restored"));
    await vi.advanceTimersByTimeAsync(10);
    expect(seen).toEqual([]);
    restore.markRestored();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(["restored"]);
    // Restored: no wait at all.
    await restore.whenRestored();

    restore.reset();
    void restore.whenRestored().then(() => seen.push("capped"));
    await vi.advanceTimersByTimeAsync(NAVIGATION_WAIT_MS - 1);
    expect(seen).toEqual(["restored"]);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual(["restored", "capped"]);
  });
});
