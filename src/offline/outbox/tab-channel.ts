/*
 * The outboxes' word to the other tabs of this browser (a BroadcastChannel): a change queued offline, changes
 * settled or dropped, a replay over. With it every tab's persisted outbox holds the same waiting changes, so
 * whichever tab replays (leader.ts) sends all of them, and none twice.
 */
import type { MutationKey } from "@tanstack/react-query";
import type { WriteKind } from "@/offline/signal/server-freshness";
import { OUTBOX_CHANNEL_NAME } from "./waiting";

export type Message =
  | {
      type: "queued";
      mutationKey: MutationKey;
      variables: unknown;
      submittedAt: number;
      /** 1 when it may have reached the server (never coalesced away then) */
      failureCount?: number;
    }
  | {
      type: "dropped";
      keys: string[];
      /** what the changes were about: the receiving tab notes them settled (server-freshness.ts) */
      kind?: WriteKind | null;
    }
  | { type: "synced" };

export interface TabChannel {
  post(msg: Message): void;
  /** Hands every message from the other tabs to `handler`; returns the way to stop. */
  listen(handler: (msg: Message) => void): () => void;
  close(): void;
}

/**
 * The channel, or one the stand-in (deferred-outbox.ts) already opened (`null` when it had none to open).
 * Where BroadcastChannel does not exist, posting and listening do nothing.
 */
export function openTabChannel(existing?: BroadcastChannel | null): TabChannel {
  const channel =
    existing !== undefined
      ? existing
      : typeof BroadcastChannel === "undefined"
        ? null
        : new BroadcastChannel(OUTBOX_CHANNEL_NAME);
  return {
    post(msg) {
      try {
        channel?.postMessage(msg);
      } catch {
        // A closed channel (page unloading): nothing to tell.
      }
    },
    listen(handler) {
      const onMessage = (e: MessageEvent<Message>) => handler(e.data);
      channel?.addEventListener("message", onMessage);
      return () => channel?.removeEventListener("message", onMessage);
    },
    close() {
      channel?.close();
    },
  };
}
