import { describe, expect, it } from "vitest";
import {
  keepsBrowsingCache,
  markInFlightAsPaused,
  mergeChanges,
  PERSIST_BUSTER,
  PERSIST_MAX_AGE,
} from "./persister";

const change = (key: string, submittedAt: number, extra: object = {}) => ({
  mutationKey: ["cart", "mutations", "add"],
  state: {
    status: "pending",
    isPaused: true,
    failureCount: 0,
    submittedAt,
    variables: { idempotencyKey: key, productId: 1 },
    ...extra,
  },
});

describe("mergeChanges", () => {
  it("keeps every change once, in the order they were made, from the old snapshot and the change store", () => {
    const merged = mergeChanges(
      [
        [change("b", 20), change("a", 10)],
        [change("a", 10, { failureCount: 1 }), change("c", 30)],
      ],
      {},
    );
    expect(merged.map((m) => (m.state.variables as { idempotencyKey: string }).idempotencyKey)).toEqual([
      "a",
      "b",
      "c",
    ]);
    // The change store's copy wins (it is the newer write).
    expect(merged[0]!.state.failureCount).toBe(1);
  });

  it("drops changes a tab has seen settle and entries that are not waiting changes", () => {
    const merged = mergeChanges(
      [[change("a", 1), change("b", 2), null, "x", { state: { status: "success" } }, { mutationKey: [] }]],
      { a: Date.now() },
    );
    expect(merged.map((m) => (m.state.variables as { idempotencyKey: string }).idempotencyKey)).toEqual([
      "b",
    ]);
  });
});

describe("markInFlightAsPaused", () => {
  it("stores a change that was in flight as paused and possibly received", () => {
    const inFlight = change("a", 1, { isPaused: false, failureCount: 0 });
    const client = markInFlightAsPaused({
      timestamp: 1,
      buster: "x",
      clientState: { queries: [], mutations: [inFlight as never] },
    });
    expect(client.clientState.mutations[0]!.state).toMatchObject({ isPaused: true, failureCount: 1 });
  });
});

describe("keepsBrowsingCache", () => {
  const saved = (buster: string, timestamp: number) => ({
    timestamp,
    buster,
    clientState: { queries: [], mutations: [] },
  });

  it("restores a cache this build wrote within the max age", () => {
    expect(keepsBrowsingCache(saved(PERSIST_BUSTER, 1_000), 1_000 + PERSIST_MAX_AGE)).toBe(true);
    expect(keepsBrowsingCache(saved(PERSIST_BUSTER, 1_000), 1_001 + PERSIST_MAX_AGE)).toBe(false);
  });

  it("drops a cache of the API's reply shapes written by a build with the same app version", () => {
    // Before the reshape the buster was the app version alone, the same for every build without BUILD_ID.
    expect(keepsBrowsingCache(saved(__APP_VERSION__, 1_000), 2_000)).toBe(false);
  });
});
