/*
 * One sender at a time: a replay holds a Web Lock, the one the service worker's Background Sync takes too
 * (OUTBOX_LOCK_NAME), so one tab (or the worker) sends the waiting changes while the others wait; an undo runs
 * only while nobody holds it, since a change may be leaving at that very moment. A holder says it is alive
 * while it holds the lock, and a holder silent too long (a frozen tab) has the lock taken over
 * (shared/lock-lease.ts). Where Web Locks do not exist, every tab leads for itself.
 */
import { OUTBOX_LOCK_NAME } from "@/offline/shared/background-sync-records";
import { requestWithLiveness } from "@/offline/shared/lock-lease";

export interface Leader {
  /** Runs the task holding the lock, once it is free. */
  whileLeading(task: () => Promise<void>): Promise<void>;
  /** Runs the task holding the lock if nobody holds it now; `false` without running it otherwise. */
  ifFree<T>(task: () => T | Promise<T>): Promise<T | false>;
}

const locksOf = () => (typeof navigator !== "undefined" ? navigator.locks : undefined);

export function webLocksLeader(name: string = OUTBOX_LOCK_NAME): Leader {
  return {
    async whileLeading(task) {
      const locks = locksOf();
      if (!locks) return task();
      await requestWithLiveness(locks, name, task);
    },
    async ifFree(task) {
      const locks = locksOf();
      if (!locks) return task();
      return locks.request(name, { ifAvailable: true }, (lock) => (lock ? task() : false));
    },
  };
}
