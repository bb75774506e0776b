/*
 * One summary after a replay: how many of the changes that waited offline synced, which ones the server
 * refused (an error it answered, or a reply saying `success: false`), and the price changes the policies
 * found. It goes to the screens and to the sync report (sync-history.ts).
 */
import { ApiError } from "@/api/client";
import { toWrite, variablesOf } from "./entries";
import type { PriceChange, ReplayedWrite } from "./outbox-policy";
import type { OutboxPolicy } from "./outbox-policy";
import type { PolicyRegistry } from "./policy-registry";
import { noteSyncSummary } from "./sync-history";
import { idempotencyKeyOf, type AnyMutation } from "./waiting";

export interface OutboxRefusal {
  /** what the change was about (a product name), when known */
  label: string | null;
  message: string;
}

export interface OutboxSummary {
  synced: number;
  /** the Idempotency-Keys of the synced changes (the screens count them as the queue's entries) */
  syncedKeys: string[];
  refused: OutboxRefusal[];
  /** lines added offline whose price the server now states differently (base currency) */
  priceChanged: PriceChange[];
}

/** The server answered (a refusal), as opposed to a request that never completed. */
export function isServerAnswer(error: unknown): boolean {
  return error instanceof ApiError && !error.isNetwork;
}

function refusalMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** A reply that says the change was not accepted (`success: false`, e.g. a coupon code) counts as refused. */
function replyRefusal(data: unknown): string | null {
  if (typeof data !== "object" || data === null) return null;
  const d = data as { success?: unknown; message?: unknown };
  return d.success === false ? (typeof d.message === "string" ? d.message : "") : null;
}

export interface Replayed {
  policy: OutboxPolicy | undefined;
  write: ReplayedWrite;
}

/** The summary of these settled changes (no price changes yet), and the accepted ones with their policy. */
export function summarise(
  reported: readonly AnyMutation[],
  registry: PolicyRegistry,
): { summary: OutboxSummary; replayed: Replayed[] } {
  const summary: OutboxSummary = { synced: 0, syncedKeys: [], refused: [], priceChanged: [] };
  const replayed: Replayed[] = [];
  for (const m of reported) {
    const label = typeof variablesOf(m).label === "string" ? (variablesOf(m).label as string) : null;
    if (m.state.status === "error") summary.refused.push({ label, message: refusalMessage(m.state.error) });
    else if (m.state.status === "success") {
      const refusal = replyRefusal(m.state.data);
      if (refusal !== null) summary.refused.push({ label, message: refusal });
      else {
        summary.synced += 1;
        const key = idempotencyKeyOf(m);
        if (key !== null) summary.syncedKeys.push(key);
      }
      replayed.push({ policy: registry.policyOf(m.options.mutationKey), write: { ...toWrite(m), label } });
    }
  }
  return { summary, replayed };
}

export interface SummaryHub {
  /** Tells the screens, and notes it for the sync report (the storage page); an empty summary says nothing. */
  emit(summary: OutboxSummary): void;
  subscribe(listener: (summary: OutboxSummary) => void): () => void;
}

export function summaryHub(): SummaryHub {
  const listeners = new Set<(s: OutboxSummary) => void>();
  return {
    emit(summary) {
      if (summary.synced + summary.refused.length === 0) return;
      noteSyncSummary(summary);
      listeners.forEach((l) => l(summary));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
