/*
 * The outbox's entries: the waiting changes are paused TanStack mutations, kept in the mutation cache and
 * written to IndexedDB by the persister (cache/persister.ts), one entry per change with its Idempotency-Key.
 * This is the outbox's view of them: finding, removing, building them again (mirrored from another tab, or
 * put back in order), and what it has noted about each.
 */
import type { MutationKey, MutationState, QueryClient } from "@tanstack/react-query";
import type { OutboxWrite } from "./outbox-policy";
import { idempotencyKeyOf, isWaiting, type AnyMutation } from "./waiting";

/** What the outbox reads of a change's variables. */
export interface Variables {
  idempotencyKey?: unknown;
  /** what the change is about (a product name), for the summary */
  label?: unknown;
}

export function variablesOf(m: AnyMutation): Variables {
  const v = m.state.variables;
  return typeof v === "object" && v !== null ? (v as Variables) : {};
}

export const toWrite = (m: AnyMutation): OutboxWrite => ({
  mutationKey: m.options.mutationKey,
  variables: m.state.variables,
});

export interface OutboxEntries {
  all(): AnyMutation[];
  /** Waiting and paused: what a replay sends. */
  paused(): AnyMutation[];
  remove(m: AnyMutation): void;
  /** Removes the waiting changes with these Idempotency-Keys. */
  removeByKeys(keys: Set<string>): void;
  /** Builds a waiting change in the mutation cache (mirrored, or put back in order): queued offline. */
  build(mutationKey: MutationKey, state: MutationState<unknown, Error, unknown, unknown>): AnyMutation;
  /** Whether `build` is running (the cache's `added` event is then not a restored change). */
  isBuilding(): boolean;
  /**
   * The waiting changes of an ordered scope replay in the order they were made, whichever tab made them: those
   * found out of order are built again in order (from the first misplaced one on).
   */
  putInOrder(scope: string): void;
  /** changes that were waiting offline (queued, restored or mirrored): these get the summary */
  readonly queuedOffline: WeakSet<AnyMutation>;
  /** built here from another tab's word (never posted back) */
  readonly mirrored: WeakSet<AnyMutation>;
  /** already told to the other tabs */
  readonly posted: WeakSet<AnyMutation>;
}

export function outboxEntries(queryClient: QueryClient): OutboxEntries {
  const cache = queryClient.getMutationCache();
  const queuedOffline = new WeakSet<AnyMutation>();
  const mirrored = new WeakSet<AnyMutation>();
  const posted = new WeakSet<AnyMutation>();
  let building = false;

  const all = () => cache.getAll() as AnyMutation[];
  const build: OutboxEntries["build"] = (mutationKey, state) => {
    building = true;
    try {
      const m = cache.build(queryClient, { mutationKey }, state) as AnyMutation;
      mirrored.add(m);
      queuedOffline.add(m);
      return m;
    } finally {
      building = false;
    }
  };

  return {
    all,
    paused: () => all().filter((m) => isWaiting(m) && m.state.isPaused),
    remove: (m) => cache.remove(m),
    removeByKeys(keys) {
      for (const m of all()) {
        const key = idempotencyKeyOf(m);
        if (key && keys.has(key) && isWaiting(m)) cache.remove(m);
      }
    },
    build,
    isBuilding: () => building,
    putInOrder(scope) {
      const waiting = all().filter((m) => isWaiting(m) && m.state.isPaused && m.options.scope?.id === scope);
      const sorted = [...waiting].sort((a, b) => a.state.submittedAt - b.state.submittedAt);
      const first = sorted.findIndex((m, i) => m !== waiting[i]);
      if (first < 0) return;
      const tail = sorted.slice(first);
      tail.forEach((m) => cache.remove(m));
      for (const m of tail) {
        const copy = build(m.options.mutationKey ?? [], { ...m.state });
        posted.add(copy);
      }
    },
    queuedOffline,
    mirrored,
    posted,
  };
}
