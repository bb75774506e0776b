import { describe, expect, it } from "vitest";
import { summaryOf, toSyncRecord } from "./background-sync";
import type { OutboxPolicy } from "@/offline/outbox/outbox-policy";

describe("toSyncRecord", () => {
  // A stand-in for a feature's policy (the features' own records are tested beside their policies).
  const thing: OutboxPolicy = {
    mutationKey: ["thing"],
    syncRecord: ({ mutationKey, variables }, base) =>
      JSON.stringify(mutationKey) === JSON.stringify(["thing", "send"])
        ? {
            ...base,
            kind: "other",
            request: { method: "POST", url: "/api/thing", body: variables, errorFieldRefuses: false },
          }
        : null,
  };
  const silent: OutboxPolicy = { mutationKey: ["quiet"] };

  it("has the owning policy make the record, with the change's key, label, time and the shopper's token", () => {
    expect(
      toSyncRecord([silent, thing], ["thing", "send"], { idempotencyKey: "k1", label: "A thing" }, 5, "t"),
    ).toEqual({
      v: 1,
      key: "k1",
      label: "A thing",
      at: 5,
      token: "t",
      kind: "other",
      request: {
        method: "POST",
        url: "/api/thing",
        body: { idempotencyKey: "k1", label: "A thing" },
        errorFieldRefuses: false,
      },
    });
  });

  it("has no record for a change without a key, one no policy owns, or one its policy cannot send alone", () => {
    expect(toSyncRecord([thing], ["thing", "send"], {}, 1, null)).toBeNull();
    expect(toSyncRecord([thing], ["other", "send"], { idempotencyKey: "k2" }, 1, null)).toBeNull();
    expect(toSyncRecord([thing, silent], ["quiet", "send"], { idempotencyKey: "k3" }, 1, null)).toBeNull();
    expect(toSyncRecord([thing], ["thing", "read"], { idempotencyKey: "k4" }, 1, null)).toBeNull();
  });
});

describe("summaryOf", () => {
  it("counts what the worker synced and lists what the server refused", () => {
    expect(
      summaryOf([
        { key: "a", kind: "cart", label: "X", status: "synced", at: 1 },
        { key: "b", kind: "cart", label: "Y", status: "refused", message: "Out of stock", at: 1 },
      ]),
    ).toEqual({
      synced: 1,
      syncedKeys: ["a"],
      refused: [{ label: "Y", message: "Out of stock" }],
      priceChanged: [],
    });
  });
});
