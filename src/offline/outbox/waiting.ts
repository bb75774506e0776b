/*
 * What the pages read of the outbox's waiting changes without the outbox itself (outbox.ts, loaded on demand
 * by deferred-outbox.ts): which mutations wait, their keys, and the list the change queue panel shows. The
 * outbox reads them here too, so the list is the same before and after it has loaded.
 */
import type { Mutation, MutationCache } from "@tanstack/react-query";
import { readToken, subscribeAuth } from "@/api/auth-storage";
import type { QueuedChange } from "./change-queue";
import { readDone, readSent } from "./done-keys";

export type AnyMutation = Mutation<unknown, Error, unknown, unknown>;

/** The BroadcastChannel the tabs' outboxes talk over. */
export const OUTBOX_CHANNEL_NAME = "bicycle-shop-outbox";

export function idempotencyKeyOf(m: AnyMutation): string | null {
  const v = m.state.variables;
  const key = typeof v === "object" && v !== null ? (v as { idempotencyKey?: unknown }).idempotencyKey : null;
  return typeof key === "string" ? key : null;
}

/** A change still waiting to be sent (paused, or retrying). */
export function isWaiting(m: AnyMutation): boolean {
  return m.meta?.offline === true && m.state.status === "pending";
}

/**
 * Logged out here or in another tab: the customer's waiting changes leave the mutation cache (and so the
 * device). `hadToken`: whether the shopper was logged in when watching starts (the stand-in hands its own
 * knowledge to the outbox, so a logout between the two is not missed). `stop` ends it; `hadToken()` is the
 * last state seen.
 */
export function dropPersonalOnLogout(
  cache: MutationCache,
  hadToken: boolean,
): { stop: () => void; hadToken: () => boolean } {
  let had = hadToken;
  const stop = subscribeAuth(() => {
    const has = readToken() !== null;
    if (had && !has)
      for (const m of cache.getAll() as AnyMutation[])
        if (m.meta?.personal === true && isWaiting(m)) cache.remove(m);
    had = has;
  });
  return { stop, hadToken: () => had };
}

/** Never attempted, so it can be dropped without the server having seen it. */
export function isDroppable(m: AnyMutation): boolean {
  return m.state.isPaused && m.state.failureCount === 0;
}

/** Never sent by any tab, never settled: may leave the queue without the server having seen it. */
export function isUndoable(
  m: AnyMutation,
  sent: Record<string, number>,
  done: Record<string, number>,
): boolean {
  const key = idempotencyKeyOf(m);
  return key !== null && isWaiting(m) && isDroppable(m) && !(key in sent) && !(key in done);
}

/** The changes waiting to be sent, oldest first, each saying whether it may still be undone. */
export function waitingChanges(cache: MutationCache): QueuedChange[] {
  const sent = readSent();
  const done = readDone();
  return (cache.getAll() as AnyMutation[])
    .filter(isWaiting)
    .flatMap((m) => {
      const key = idempotencyKeyOf(m);
      return key === null
        ? []
        : [
            {
              key,
              mutationKey: m.options.mutationKey ?? [],
              variables: m.state.variables,
              submittedAt: m.state.submittedAt,
              undoable: isUndoable(m, sent, done),
            },
          ];
    })
    .sort((a, b) => a.submittedAt - b.submittedAt);
}
