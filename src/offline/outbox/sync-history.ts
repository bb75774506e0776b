/*
 * The last replays' outcomes on this device (issue 40 item 5), for the sync report: when, how many changes
 * synced, which the shop refused and why. Written by the tab that replays (outbox.ts), kept in localStorage
 * (every tab's report reads it), the last `SYNC_HISTORY_SIZE` only. Labels are product names; no request,
 * body, token or address is kept.
 */
import type { OutboxSummary } from "./summary";

export const SYNC_HISTORY_KEY = "sync-history";
export const SYNC_HISTORY_SIZE = 10;

export interface SyncHistoryEntry {
  /** when the replay ended (ms since the epoch) */
  at: number;
  synced: number;
  refused: { label: string | null; message: string }[];
}

function isEntry(v: unknown): v is SyncHistoryEntry {
  const e = v as SyncHistoryEntry;
  return (
    typeof v === "object" &&
    v !== null &&
    typeof e.at === "number" &&
    typeof e.synced === "number" &&
    Array.isArray(e.refused)
  );
}

export function readSyncHistory(): SyncHistoryEntry[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(SYNC_HISTORY_KEY) ?? "[]");
    return Array.isArray(list) ? list.filter(isEntry) : [];
  } catch {
    return [];
  }
}

/** Notes a replay's summary (newest last); storage that refuses the write keeps the history as it was. */
export function noteSyncSummary(summary: OutboxSummary, at = Date.now()): void {
  const entry: SyncHistoryEntry = {
    at,
    synced: summary.synced,
    refused: summary.refused.map((r) => ({ label: r.label, message: r.message })),
  };
  try {
    const next = [...readSyncHistory(), entry].slice(-SYNC_HISTORY_SIZE);
    localStorage.setItem(SYNC_HISTORY_KEY, JSON.stringify(next));
  } catch {
    /* storage full or unavailable: the report then shows what it has */
  }
}
