import { useSyncExternalStore } from "react";
import { useMutationState, useQueryClient } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { describeQueue, type ChangeDescriber, type QueueEntry } from "./change-queue";
import { isWaiting } from "./outbox";
import { useOutbox } from "./outbox-context";

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

/** The outbox's waiting changes as the panel lists them (in the active language), kept current. */
export function useChangeQueue(describers: readonly ChangeDescriber[]): QueueEntry[] {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const outbox = useOutbox();
  // Re-render when a waiting change comes, goes, pauses or is tried, here or in another tab.
  useMutationState({
    filters: { predicate: (m) => isWaiting(m as AnyMutation) },
    select: (m) => `${m.mutationId}:${m.state.isPaused}:${m.state.failureCount}`,
  });
  useSyncExternalStore(subscribeStorage, storageVersion, () => "");
  return describeQueue(outbox.waiting(), describers, { queryClient }, t`A change`);
}
