/*
 * Every tab holds the same waiting changes. The mutation cache's events say what this tab did: a change
 * queued offline (or restored from IndexedDB) is told to the other tabs, a settled one is marked done for
 * every tab and restart (done-keys.ts), and the writes under way are noted for server-freshness.ts. The other
 * tabs' messages say what they did: a change to hold too, changes to let go, a replay over.
 */
import type { MutationCacheNotifyEvent, MutationStatus } from "@tanstack/react-query";
import { noteWriteOver, noteWriteUnderWay, type WriteKind } from "@/offline/signal/server-freshness";
import { markDone, readDone } from "./done-keys";
import type { OutboxEntries, Variables } from "./entries";
import type { PolicyRegistry } from "./policy-registry";
import { isServerAnswer } from "./summary";
import type { Message, TabChannel } from "./tab-channel";
import { idempotencyKeyOf, type AnyMutation } from "./waiting";

const PERSIST_ASKED_KEY = "storage-persist-asked";

export interface Mirror {
  /** One event of the mutation cache: `online` and `status` as they were when it happened. */
  onCacheEvent(event: MutationCacheNotifyEvent, online: boolean, status: MutationStatus | undefined): void;
  /** One message from another tab. */
  onMessage(msg: Message): void;
}

export function createMirror({
  entries,
  registry,
  channel,
}: {
  entries: OutboxEntries;
  registry: PolicyRegistry;
  channel: TabChannel;
}): Mirror {
  const { kindOf } = registry;

  /** Tells every tab which writes of a policy with a write kind are under way (server-freshness.ts). */
  function noteUnderWay(
    eventType: string,
    m: AnyMutation,
    status: MutationStatus | undefined,
    action: string | null,
  ): void {
    const kind = kindOf(m);
    const key = idempotencyKeyOf(m);
    if (!kind || !key) return;
    if ((eventType === "added" && status === "pending") || action === "pending") noteWriteUnderWay(kind, key);
    else if (action === "success" || action === "error") noteWriteOver(kind, key, true);
    else if (eventType === "removed" && status === "pending") noteWriteOver(kind, key, false);
  }

  const postQueued = (m: AnyMutation) => {
    if (entries.posted.has(m) || m.state.variables === undefined) return;
    entries.posted.add(m);
    channel.post({
      type: "queued",
      mutationKey: m.options.mutationKey ?? [],
      variables: m.state.variables,
      submittedAt: m.state.submittedAt,
      failureCount: m.state.failureCount > 0 ? 1 : 0,
    });
  };

  /**
   * Another tab settled these changes (or dropped them unsent). It noted when in localStorage, which this tab
   * may see only after this message: noted here too, or a server read this tab started before the change
   * landed would count as current once the copy leaves, and put the older state back on the device.
   */
  const settledElsewhere = (keys: readonly string[], kind: WriteKind | null | undefined) => {
    if (registry.isWriteKind(kind)) for (const key of keys) noteWriteOver(kind, key, true);
    entries.removeByKeys(new Set(keys));
  };

  /** `navigator.storage.persist()`, asked once, at the first change of a policy that keeps storage. */
  let persistAsked = false;
  function askPersistentStorage() {
    if (persistAsked) return;
    persistAsked = true;
    try {
      if (localStorage.getItem(PERSIST_ASKED_KEY)) return;
      localStorage.setItem(PERSIST_ASKED_KEY, "1");
    } catch {
      return;
    }
    if (typeof navigator !== "undefined") void navigator.storage?.persist?.().catch(() => false);
  }

  return {
    onCacheEvent(event, online, status) {
      const m = event.mutation as AnyMutation | undefined;
      if (!m || m.meta?.offline !== true) return;
      noteUnderWay(event.type, m, status, event.type === "updated" ? event.action.type : null);
      if (event.type === "added") {
        if (registry.policyOf(m.options.mutationKey)?.keepsStorage) askPersistentStorage();
        // Restored from IndexedDB or mirrored from another tab: it was queued offline.
        if (status === "pending") {
          entries.queuedOffline.add(m);
          // Restored here: every tab must hold it, or a tab replaying without it would send later changes first.
          if (!entries.isBuilding()) postQueued(m);
        }
        return;
      }
      if (event.type !== "updated") return;
      const action = event.action;
      // Queued while offline (a new change, or one paused by a lost connection): mirrored to the other tabs so
      // that every tab's persisted outbox holds it. Changes made online are never mirrored (another tab could
      // otherwise send them a second time while this one is still sending).
      if ((action.type === "pending" || action.type === "pause") && !online) {
        entries.queuedOffline.add(m);
        if (!entries.mirrored.has(m)) postQueued(m);
      } else if (action.type === "success" || (action.type === "error" && isServerAnswer(action.error))) {
        // Settled: no tab and no restart sends it again, whatever copy of it they hold (a tab may have
        // restored a change this one still had in flight). An error that is not the server's answer (the
        // request never completed) settles nothing: a copy held elsewhere may still send it.
        const key = idempotencyKeyOf(m);
        if (key) {
          markDone([key]);
          channel.post({ type: "dropped", keys: [key], kind: kindOf(m) });
        }
      }
    },
    onMessage(msg) {
      if (msg.type === "queued") {
        const key = (msg.variables as Variables | null)?.idempotencyKey;
        if (typeof key !== "string" || entries.all().some((m) => idempotencyKeyOf(m) === key)) return;
        if (key in readDone()) return;
        entries.build(msg.mutationKey, {
          context: undefined,
          data: undefined,
          error: null,
          failureCount: msg.failureCount === 1 ? 1 : 0,
          failureReason: null,
          isPaused: true,
          status: "pending",
          variables: msg.variables,
          submittedAt: msg.submittedAt,
        });
      } else if (msg.type === "dropped") {
        settledElsewhere(msg.keys, msg.kind);
      } else if (msg.type === "synced") {
        void registry.reloadQueries().catch(() => undefined);
      }
    },
  };
}
