/*
 * Undo of a change never sent (the change queue panel): it leaves every tab and every restart like a settled
 * change (done-keys.ts), so no request ever carries it (the client's send guard), and only while no tab
 * replays (leader.ts). Tasks registered with `onUndo` (the Background Sync record) finish under the same lock.
 */
import { markDone, readDone, readSent } from "./done-keys";
import type { OutboxEntries } from "./entries";
import type { Leader } from "./leader";
import type { PolicyRegistry } from "./policy-registry";
import type { TabChannel } from "./tab-channel";
import { idempotencyKeyOf, isUndoable, isWaiting } from "./waiting";

export interface Undo {
  undo(keys: readonly string[]): Promise<boolean>;
  onUndo(task: (keys: readonly string[]) => Promise<void>): () => void;
}

export function createUndo({
  entries,
  registry,
  channel,
  leader,
}: {
  entries: OutboxEntries;
  registry: PolicyRegistry;
  channel: TabChannel;
  leader: Leader;
}): Undo {
  const { kindOf } = registry;
  const tasks = new Set<(keys: readonly string[]) => Promise<void>>();

  function undoHere(keys: readonly string[]): boolean {
    const wanted = new Set(keys);
    const sent = readSent();
    const done = readDone();
    const targets = entries.all().filter((m) => {
      const key = idempotencyKeyOf(m);
      return key !== null && wanted.has(key) && isWaiting(m);
    });
    if (!wanted.size || targets.length !== wanted.size) return false;
    if (!targets.every((m) => isUndoable(m, sent, done))) return false;
    // Settled as far as every tab and every restart is concerned: skipped on restore, never sent.
    markDone([...wanted]);
    targets.forEach((m) => entries.remove(m));
    for (const kind of new Set(targets.map(kindOf)))
      channel.post({
        type: "dropped",
        keys: targets.filter((m) => kindOf(m) === kind).map((m) => idempotencyKeyOf(m)!),
        kind,
      });
    return true;
  }

  async function undoAndTidy(keys: readonly string[]): Promise<boolean> {
    if (!undoHere(keys)) return false;
    await Promise.all([...tasks].map((task) => task(keys).catch(() => undefined)));
    return true;
  }

  return {
    // Not while a tab replays (it holds the lock): a change may be leaving at this very moment.
    undo: (keys) => leader.ifFree(() => undoAndTidy(keys)),
    onUndo(task) {
      tasks.add(task);
      return () => tasks.delete(task);
    },
  };
}
