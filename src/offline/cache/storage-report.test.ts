// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { buildSyncReport, redactSecrets, type SyncReportFacts } from "./storage-report";
import {
  noteSyncSummary,
  readSyncHistory,
  SYNC_HISTORY_KEY,
  SYNC_HISTORY_SIZE,
} from "@/offline/outbox/sync-history";

const TOKEN = "4|Zx9kQm2vLr8TnB5wYc3HdJ7pFs6GaE1uKo0iVb4N";

function facts(over: Partial<SyncReportFacts> = {}): SyncReportFacts {
  return {
    at: new Date(Date.UTC(2026, 11, 3, 12, 0)),
    appVersion: "1.2.3",
    online: false,
    serviceWorker: "controls the page",
    language: "fr",
    currency: "EUR",
    signedIn: true,
    userAgent: "Test/1.0",
    entries: ["Add Ridgeline Trail 29 × 2 to cart"],
    changes: [
      {
        change: "cart mutation add",
        at: "2026-12-03T11:59:00.000Z",
        paused: true,
        failures: 1,
        lastError: `Request failed: Authorization: Bearer ${TOKEN}`,
        key: "18988646-0c06-492b-bf0a-d322fa711739",
      },
    ],
    history: [
      {
        at: Date.UTC(2026, 11, 2, 9, 30),
        synced: 2,
        refused: [{ label: "City Glide", message: `Not available (token=${TOKEN})` }],
      },
    ],
    packs: [{ name: "Mountain Bikes", bytes: 236_838, savedAt: Date.UTC(2026, 11, 1), products: 9 }],
    caches: [{ name: "api-catalog-v1", entries: 10, bytes: 81_743 }],
    storage: { usage: 3_569_850, quota: 10_000_000_000, persisted: false },
    ...over,
  };
}

describe("the sync report", () => {
  it("holds the waiting changes, the last replays, the versions and what is stored", () => {
    const report = JSON.parse(buildSyncReport(facts())) as Record<string, Record<string, unknown>>;
    expect(report.app).toMatchObject({ version: "1.2.3", schema: { queryCacheShape: expect.any(Number) } });
    expect(report.device).toMatchObject({ online: false, signedIn: true, language: "fr", currency: "EUR" });
    expect(report.waiting).toMatchObject({
      count: 1,
      entries: ["Add Ridgeline Trail 29 × 2 to cart"],
      changes: [{ key: "18988646-0c06-492b-bf0a-d322fa711739", failures: 1, paused: true }],
    });
    expect(report.lastReplays).toEqual([
      {
        at: "2026-12-02T09:30:00.000Z",
        synced: 2,
        refused: [{ change: "City Glide", message: "Not available (token=[removed])" }],
      },
    ]);
    expect(report.storage).toMatchObject({
      persisted: false,
      packs: [{ name: "Mountain Bikes", bytes: 236_838, savedAt: "2026-12-01T00:00:00.000Z" }],
    });
  });

  it("never carries a token, even one quoted in an error", () => {
    const text = buildSyncReport(facts());
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain("Zx9kQm2v");
    expect(text).toContain("Bearer [removed]");
  });
});

describe("redactSecrets", () => {
  it("removes bearer tokens, token parameters, JWTs and long opaque strings", () => {
    expect(redactSecrets(`Bearer ${TOKEN}`)).toBe("Bearer [removed]");
    expect(redactSecrets(`/api/cart?token=${TOKEN}&x=1`)).toBe("/api/cart?token=[removed]&x=1");
    expect(redactSecrets(`{"token":"${TOKEN}"}`)).toBe('{"token":"[removed]"}');
    expect(redactSecrets("jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl end")).toBe(
      "jwt [removed] end",
    );
    expect(redactSecrets("a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0")).toBe("[removed]");
  });

  it("keeps ordinary words, product names and idempotency keys", () => {
    const text =
      "Add Ridgeline Trail 29 × 2 to cart 18988646-0c06-492b-bf0a-d322fa711739 The quantity is not available";
    expect(redactSecrets(text)).toBe(text);
  });
});

describe("the sync history", () => {
  it("keeps the last replays' outcomes, newest last, without what they sent", () => {
    localStorage.removeItem(SYNC_HISTORY_KEY);
    for (let i = 0; i < SYNC_HISTORY_SIZE + 2; i++)
      noteSyncSummary(
        { synced: i, syncedKeys: [`k${i}`], refused: [], priceChanged: [] },
        Date.UTC(2026, 11, 3, 10, i),
      );
    const history = readSyncHistory();
    expect(history).toHaveLength(SYNC_HISTORY_SIZE);
    expect(history.at(-1)).toEqual({ at: Date.UTC(2026, 11, 3, 10, 11), synced: 11, refused: [] });
    expect(JSON.stringify(history)).not.toContain("k11");
  });

  it("reads a damaged history as empty", () => {
    localStorage.setItem(SYNC_HISTORY_KEY, "{not json");
    expect(readSyncHistory()).toEqual([]);
    localStorage.setItem(SYNC_HISTORY_KEY, JSON.stringify([{ at: "x" }, { at: 1, synced: 0, refused: [] }]));
    expect(readSyncHistory()).toEqual([{ at: 1, synced: 0, refused: [] }]);
  });
});
