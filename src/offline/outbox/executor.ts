/*
 * Sending the waiting changes: one replay at a time, in the tab that leads (leader.ts). Before it, changes
 * another tab already sent leave and ordered scopes are put back in order; during it, each policy may change
 * how its writes go (`duringReplay`, e.g. one request for a run of them); TanStack then sends them, each with
 * its mutation defaults and its own retry rules. After it: the policies' queries are read again here and in
 * the other tabs, and one summary tells the shopper what synced and what was refused.
 */
import { onlineManager, type QueryClient } from "@tanstack/react-query";
import { readDone } from "./done-keys";
import { toWrite, type OutboxEntries } from "./entries";
import type { Leader } from "./leader";
import type { OutboxPolicy } from "./outbox-policy";
import type { PolicyRegistry } from "./policy-registry";
import { summarise, type SummaryHub } from "./summary";
import type { TabChannel } from "./tab-channel";
import { isWaiting } from "./waiting";

export interface Executor {
  /** Sends what waits, if online: in this tab once it leads, or (mid-replay here) what is paused again. */
  replay(): Promise<void>;
}

export function createExecutor({
  queryClient,
  resume,
  entries,
  registry,
  channel,
  leader,
  summaries,
}: {
  queryClient: QueryClient;
  /** TanStack's own `resumePausedMutations`: sends the paused mutations */
  resume: () => Promise<unknown>;
  entries: OutboxEntries;
  registry: PolicyRegistry;
  channel: TabChannel;
  leader: Leader;
  summaries: SummaryHub;
}): Executor {
  const { policies } = registry;
  const cache = queryClient.getMutationCache();
  let replaying = false;

  /** A policy's waiting writes: those of its ordered scope when it has one. */
  const waitingOf = (p: OutboxPolicy) =>
    entries
      .all()
      .filter(
        (m) =>
          isWaiting(m) &&
          (p.orderedScope !== undefined
            ? m.options.scope?.id === p.orderedScope
            : registry.policyOf(m.options.mutationKey) === p),
      );

  async function replayHere(): Promise<void> {
    // Changes another tab already sent (its messages may not have arrived yet).
    entries.removeByKeys(new Set(Object.keys(readDone())));
    for (const p of policies) if (p.orderedScope !== undefined) entries.putInOrder(p.orderedScope);
    const batch = entries.paused();
    if (!batch.length) return;
    replaying = true;
    // What a policy does while its writes replay (e.g. sends a run of them as one request).
    const endings = policies.flatMap((p) =>
      p.duringReplay ? [p.duringReplay(() => waitingOf(p).map(toWrite))] : [],
    );
    try {
      await resume();
    } finally {
      replaying = false;
      endings.forEach((end) => end());
    }
    const reported = batch.filter((m) => entries.queuedOffline.has(m) && cache.getAll().includes(m));
    const { summary, replayed } = summarise(reported, registry);
    // The server's state is the truth now: the policies' queries are read again here and in the other tabs.
    await registry.reloadQueries().catch(() => undefined);
    channel.post({ type: "synced" });
    summary.priceChanged = policies.flatMap(
      (p) =>
        p.priceChanges?.(
          replayed.filter((r) => r.policy === p).map((r) => r.write),
          queryClient,
        ) ?? [],
    );
    summaries.emit(summary);
  }

  return {
    async replay() {
      if (!onlineManager.isOnline()) return;
      // Already replaying in this tab (e.g. offline again mid-replay, now back): continue what is paused.
      if (replaying) {
        await resume();
        return;
      }
      if (!entries.paused().length) return;
      await leader.whileLeading(() => replayHere());
    },
  };
}
