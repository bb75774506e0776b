/*
 * The change queue the shopper can see (issue 18 item 2): the outbox's waiting changes in words, each with
 * Undo while it has not been sent. The outbox knows nothing of carts or wishlists: each feature hands the
 * panel a describer for its own mutation keys, which groups its waiting changes into entries (after
 * coalescing: what will actually be sent), words them, and knows how to put the screen back when an entry is
 * undone. Changes no describer claims are listed as "A change".
 */
import type { MutationKey, QueryClient } from "@tanstack/react-query";

/** A change waiting in the outbox, as a describer sees it. */
export interface QueuedChange {
  /** its Idempotency-Key */
  key: string;
  mutationKey: MutationKey;
  variables: unknown;
  submittedAt: number;
  /** never sent (no request carrying it ever left, in any tab): it may be undone */
  undoable: boolean;
}

/** One entry of the panel: one or more waiting changes that are undone together. */
export interface DescribedChange {
  keys: string[];
  text: string;
  /**
   * Puts the screen back as it was before these changes (the device cart or wishlist; every tab follows, as
   * they share it). Runs once, in the tab where Undo was pressed, after the changes left the outbox.
   */
  restore?: () => void;
}

export interface DescribeContext {
  queryClient: QueryClient;
}

export interface ChangeDescriber {
  /** The mutation keys it describes: every key starting with this one. */
  mutationKey: MutationKey;
  /** Its feature's waiting changes (oldest first) as entries; texts in the active language. */
  describe(changes: readonly QueuedChange[], context: DescribeContext): DescribedChange[];
}

export interface QueueEntry extends DescribedChange {
  /** the first change's time: entries are listed in the order the shopper made them */
  submittedAt: number;
  undoable: boolean;
}

export function startsWithKey(key: MutationKey, prefix: MutationKey): boolean {
  return prefix.length <= key.length && prefix.every((part, i) => Object.is(part, key[i]));
}

/**
 * The waiting changes as entries: each describer gets the changes under its keys, the rest are one entry
 * each with `fallbackText`. An entry can be undone when every change in it can.
 */
export function describeQueue(
  changes: readonly QueuedChange[],
  describers: readonly ChangeDescriber[],
  context: DescribeContext,
  fallbackText: string,
): QueueEntry[] {
  const sorted = [...changes].sort((a, b) => a.submittedAt - b.submittedAt);
  const byKey = new Map(sorted.map((c) => [c.key, c]));
  const claimed = new Set<string>();
  const entries: QueueEntry[] = [];
  const toEntry = (d: DescribedChange): QueueEntry | null => {
    const own = d.keys.map((k) => byKey.get(k)).filter((c): c is QueuedChange => c !== undefined);
    if (!own.length) return null;
    return {
      ...d,
      keys: own.map((c) => c.key),
      submittedAt: Math.min(...own.map((c) => c.submittedAt)),
      undoable: own.every((c) => c.undoable),
    };
  };
  for (const describer of describers) {
    const mine = sorted.filter(
      (c) => !claimed.has(c.key) && startsWithKey(c.mutationKey, describer.mutationKey),
    );
    if (!mine.length) continue;
    mine.forEach((c) => claimed.add(c.key));
    for (const d of describer.describe(mine, context)) {
      const entry = toEntry(d);
      if (entry) entries.push(entry);
    }
  }
  for (const c of sorted)
    if (!claimed.has(c.key))
      entries.push({ keys: [c.key], text: fallbackText, submittedAt: c.submittedAt, undoable: c.undoable });
  return entries.sort((a, b) => a.submittedAt - b.submittedAt);
}

/**
 * Notes in which entry each change is shown (change key → the entry's first key). Kept across renders: during
 * a replay entries leave the list one by one, and the summary still counts each by the entry it was in.
 */
export function noteEntries(shownIn: Map<string, string>, entries: readonly QueueEntry[]): void {
  for (const entry of entries) for (const key of entry.keys) shownIn.set(key, entry.keys[0]!);
}

/**
 * How many of the queue's entries these changes make (a change never shown counts alone): what the shopper
 * saw waiting is what the summary says was sent, "1 change" for an add and its quantity steps.
 */
export function countEntries(keys: readonly string[], shownIn: ReadonlyMap<string, string>): number {
  return new Set(keys.map((key) => shownIn.get(key) ?? `unshown:${key}`)).size;
}
