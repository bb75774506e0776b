import { useEffect, useEffectEvent, useRef, useState, useSyncExternalStore } from "react";
import { useMutationState, useQueryClient } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import {
  countEntries,
  describeQueue,
  noteEntries,
  type ChangeDescriber,
  type QueueEntry,
} from "@/offline/outbox/change-queue";
import type { OutboxSummary } from "@/offline/outbox/summary";
import { isWaiting } from "@/offline/outbox/waiting";
import { useOutbox } from "@/offline/outbox/outbox-context";

type AnyMutation = Parameters<typeof isWaiting>[0];

/** localStorage keys whose change (in another tab) can make a waiting change un-undoable or gone. */
const WATCHED = new Set(["outbox-sent", "outbox-done"]);

function subscribeStorage(cb: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || WATCHED.has(e.key)) cb();
  };
  window.addEventListener("storage", onStorage);
  return () => window.removeEventListener("storage", onStorage);
}

function storageVersion(): string {
  try {
    return `${localStorage.getItem("outbox-sent") ?? ""}|${localStorage.getItem("outbox-done") ?? ""}`;
  } catch {
    return "";
  }
}

/**
 * The features' describers, loaded the first time a change waits (`loadDescribers`): a page where nothing
 * waits does not load them. Null until they are there; a failed load is tried again when the count changes.
 */
function useDescribers(
  waitingCount: number,
  loadDescribers: () => Promise<readonly ChangeDescriber[]>,
): readonly ChangeDescriber[] | null {
  const [describers, setDescribers] = useState<readonly ChangeDescriber[] | null>(null);
  const loading = useRef(false);
  useEffect(() => {
    if (waitingCount === 0 || describers || loading.current) return;
    loading.current = true;
    loadDescribers().then(setDescribers, () => {
      loading.current = false;
    });
  }, [waitingCount, describers, loadDescribers]);
  return describers;
}

/**
 * The outbox's waiting changes as the panel lists them (in the active language), kept current; none until the
 * describers have loaded (a moment after the first change waits).
 */
export function useChangeQueue(loadDescribers: () => Promise<readonly ChangeDescriber[]>): QueueEntry[] {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const outbox = useOutbox();
  // Re-render when a waiting change comes, goes, pauses or is tried, here or in another tab.
  useMutationState({
    filters: { predicate: (m) => isWaiting(m as AnyMutation) },
    select: (m) => `${m.mutationId}:${m.state.isPaused}:${m.state.failureCount}`,
  });
  useSyncExternalStore(subscribeStorage, storageVersion, () => "");
  const waiting = outbox.waiting();
  const describers = useDescribers(waiting.length, loadDescribers);
  return describers ? describeQueue(waiting, describers, { queryClient }, t`A change`) : [];
}

/**
 * Calls `listener` with each replay's summary, its synced changes counted in the queue's entries they were
 * shown in (`entries`: the banner's and the header's count), not in requests.
 */
export function useReplaySummaries(entries: QueueEntry[], listener: (summary: OutboxSummary) => void): void {
  const outbox = useOutbox();
  const shownIn = useRef(new Map<string, string>());
  useEffect(() => noteEntries(shownIn.current, entries), [entries]);
  const onSummary = useEffectEvent((summary: OutboxSummary) => {
    const synced = countEntries(summary.syncedKeys, shownIn.current);
    for (const key of summary.syncedKeys) shownIn.current.delete(key);
    listener({ ...summary, synced });
  });
  useEffect(() => outbox.subscribeSummary(onSummary), [outbox]);
}
