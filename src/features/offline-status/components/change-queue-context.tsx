/*
 * The outbox's waiting changes, computed once for the whole page (in the root layout) and read by what shows
 * them: the offline banner's count, the header's "N changes waiting" and its panel, the replay's summary
 * toast. Each reading them on its own described the queue twice per change and counted every replay twice.
 */
import {
  createContext,
  useContext,
  useEffect,
  useEffectEvent,
  useMemo,
  useState,
  type ReactNode,
} from "react";
import type { ChangeDescriber, QueueEntry } from "@/offline/outbox/change-queue";
import type { OutboxSummary } from "@/offline/outbox/summary";
import { useChangeQueue, useReplaySummaries } from "@/features/offline-status/hooks/use-change-queue";

type SummaryListener = (summary: OutboxSummary) => void;

interface ChangeQueueValue {
  entries: QueueEntry[];
  subscribeSummary: (listener: SummaryListener) => () => void;
}

const ChangeQueueContext = createContext<ChangeQueueValue>({
  entries: [],
  subscribeSummary: () => () => undefined,
});

/**
 * Describes the queue with the features' describers (`loadDescribers`, called once a change waits) and counts
 * each replay's summary in its entries.
 */
export function ChangeQueueProvider({
  loadDescribers,
  children,
}: {
  loadDescribers: () => Promise<readonly ChangeDescriber[]>;
  children: ReactNode;
}) {
  const entries = useChangeQueue(loadDescribers);
  const [summaries] = useState(() => {
    const listeners = new Set<SummaryListener>();
    return {
      emit: (summary: OutboxSummary) => listeners.forEach((listener) => listener(summary)),
      subscribe: (listener: SummaryListener) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    };
  });
  useReplaySummaries(entries, summaries.emit);
  const value = useMemo<ChangeQueueValue>(
    () => ({ entries, subscribeSummary: summaries.subscribe }),
    [entries, summaries],
  );
  return <ChangeQueueContext.Provider value={value}>{children}</ChangeQueueContext.Provider>;
}

/** The waiting changes as the panel lists them (after coalescing, in the active language). */
export function useQueueEntries(): QueueEntry[] {
  return useContext(ChangeQueueContext).entries;
}

/** Calls `listener` with each replay's summary, its synced changes counted in the queue's entries. */
export function useReplaySummary(listener: SummaryListener): void {
  const { subscribeSummary } = useContext(ChangeQueueContext);
  const onSummary = useEffectEvent(listener);
  useEffect(() => subscribeSummary((summary) => onSummary(summary)), [subscribeSummary]);
}
