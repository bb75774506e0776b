/*
 * What the outbox (outbox.ts) knows of the writes it holds, handed to it by the features (issue 17 item 7):
 * the outbox itself knows no cart and no wishlist. Each feature whose writes wait in the outbox gives a policy
 * for the mutation keys it owns (src/features/X/outbox/outbox-policy.ts); the app passes them to `createOutbox` in
 * app/start-outbox.ts. A write no policy owns is still queued, replayed, deduplicated, undone and summed up like any
 * other: it is simply never coalesced, batched or followed by a read.
 */
import type { MutationKey, QueryClient, QueryKey } from "@tanstack/react-query";
import { sameMutationKey } from "@/api/mutation-key";
import type { SyncRecord } from "@/offline/shared/background-sync-records";
import type { WriteKind } from "@/offline/signal/server-freshness";

/** A write as a policy sees it: its mutation key and its variables (with their Idempotency-Key). */
export interface OutboxWrite {
  mutationKey: MutationKey | undefined;
  variables: unknown;
}

/** A write still waiting to be sent, for the coalescing rules. */
export interface WaitingWrite extends OutboxWrite {
  id: string;
  /** false when it may already have reached the server (a retry, or a request cut by a crash): never dropped */
  droppable: boolean;
}

export interface CoalesceResult {
  /** ids of waiting writes to drop */
  drop: string[];
  /** whether the new write must be sent */
  send: boolean;
}

/** A change that replayed and that the server took (its reply arrived). */
export interface ReplayedWrite extends OutboxWrite {
  /** what it was about (a product name), when known */
  label: string | null;
}

/** What every Background Sync record of a waiting write carries (background-sync.ts). */
export interface SyncRecordBase {
  /** its Idempotency-Key */
  key: string;
  /** what it is about (a product name), when known */
  label: string | null;
  /** when the shopper made it */
  at: number;
  /** the logged-in shopper's token, as the page would send it (null: a guest) */
  token: string | null;
}

/** A line added offline whose price the server now states differently (base currency). */
export interface PriceChange {
  label: string | null;
  from: number;
  to: number;
}

export interface OutboxPolicy {
  /** The writes it owns: every mutation key starting with this one. */
  mutationKey: MutationKey;
  /**
   * Coalescing before a write is queued, among the waiting writes it owns (only droppable ones may be
   * dropped). Without it every write is sent.
   */
  coalesce?(waiting: readonly WaitingWrite[], next: OutboxWrite): CoalesceResult;
  /**
   * Its writes' mutation scope when they must replay in the order they were made, whichever tab made them: a
   * write that reached this tab late (mirrored, or restored by another tab) is put back in its place.
   */
  orderedScope?: string;
  /**
   * Runs while this tab replays: called before the first write is sent, with a way to list its writes still
   * waiting in `orderedScope` (in the order they replay), e.g. to send a run of them as one request; the
   * function it returns runs once the replay is over.
   */
  duringReplay?(waiting: () => readonly OutboxWrite[]): () => void;
  /** Queries read again after a replay (in every tab) and after the service worker sent waiting changes. */
  queriesToReload?: readonly QueryKey[];
  /**
   * After a replay, once `queriesToReload` are read again: the lines whose price changed since the shopper
   * acted, from the changes that replayed.
   */
  priceChanges?(replayed: readonly ReplayedWrite[], queryClient: QueryClient): PriceChange[];
  /** The server reads its writes hold back while they are under way (server-freshness.ts). */
  writeKind?: WriteKind;
  /** Its first write asks the browser to keep the site's storage (`navigator.storage.persist()`). */
  keepsStorage?: boolean;
  /**
   * Where the browser has Background Sync (background-sync.ts): the record the service worker sends for one of
   * its waiting writes without the page, or null for a write it cannot send alone. Without it none is.
   */
  syncRecord?(write: OutboxWrite, base: SyncRecordBase): Omit<SyncRecord, "v"> | null;
}

/**
 * Applies a coalescing rule to a whole sequence (what the outbox holds after each change, every change
 * droppable): used by the features' tests and by the model of the soak test.
 */
export function coalesceAll<C>(
  coalesce: (waiting: readonly { id: string; change: C; droppable: boolean }[], next: C) => CoalesceResult,
  changes: readonly { id: string; change: C }[],
): string[] {
  let queue: { id: string; change: C; droppable: boolean }[] = [];
  for (const c of changes) {
    const { drop, send } = coalesce(queue, c.change);
    queue = queue.filter((w) => !drop.includes(w.id));
    if (send) queue.push({ id: c.id, change: c.change, droppable: true });
  }
  return queue.map((w) => w.id);
}

/**
 * A policy's `coalesce` from a feature's rule over its own changes: each write (waiting or new) is described
 * in the feature's terms first (`describe`), then the rule decides.
 */
export function coalesceWith<C>(
  describe: (mutationKey: MutationKey | undefined, variables: unknown) => C,
  rule: (waiting: readonly { id: string; change: C; droppable: boolean }[], next: C) => CoalesceResult,
): NonNullable<OutboxPolicy["coalesce"]> {
  return (waiting, next) =>
    rule(
      waiting.map((w) => ({
        id: w.id,
        change: describe(w.mutationKey, w.variables),
        droppable: w.droppable,
      })),
      describe(next.mutationKey, next.variables),
    );
}

/**
 * The policy of an anonymous form post (a contact request, a newsletter sign-up): nothing to coalesce and
 * nothing to read again; where the browser has Background Sync the service worker sends a waiting one without
 * the page, anonymous as the page sends it (its body is the write's variables less the Idempotency-Key).
 */
export function anonymousPostPolicy(mutationKey: MutationKey, url: () => string): OutboxPolicy {
  return {
    mutationKey,
    syncRecord(write, base) {
      if (!sameMutationKey(write.mutationKey, mutationKey)) return null;
      const { idempotencyKey: _key, ...body } = write.variables as Record<string, unknown>;
      void _key;
      return {
        ...base,
        kind: "other",
        token: null,
        request: { method: "POST", url: url(), body, errorFieldRefuses: false },
      };
    },
  };
}
