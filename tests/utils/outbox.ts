/*
 * Test support for the outbox's tests (src/offline/outbox/outbox.test.ts, deferred-outbox.test.ts): a change waiting
 * in a query client's mutation cache as a restart restores it, and another tab's end of the outboxes' channel.
 */
import type { MutationKey, MutationMeta, QueryClient } from "@tanstack/react-query";
import { OUTBOX_CHANNEL_NAME } from "@/offline/outbox/waiting";

/**
 * Puts a paused change in the client's mutation cache, as the device restores it: `failureCount` 0 for one
 * never sent, 1 for one cut in flight when the page died.
 */
export function addWaitingChange<TVariables>(
  client: QueryClient,
  mutationKey: MutationKey,
  meta: MutationMeta,
  variables: TVariables,
  { failureCount = 0, submittedAt = Date.now() }: { failureCount?: number; submittedAt?: number } = {},
) {
  return client.getMutationCache().build(
    client,
    { mutationKey, meta },
    {
      context: undefined,
      data: undefined,
      error: null,
      failureCount,
      failureReason: null,
      isPaused: true,
      status: "pending",
      variables,
      submittedAt,
    },
  );
}

export interface OutboxMessage {
  type: string;
  keys?: string[];
  kind?: string;
  variables?: { idempotencyKey?: string };
}

/** Another tab's end of the outboxes' channel, and what it heard; the caller closes `channel`. */
export function openOtherTab() {
  const channel = new BroadcastChannel(OUTBOX_CHANNEL_NAME);
  const heard: OutboxMessage[] = [];
  channel.onmessage = (e: MessageEvent) => heard.push(e.data as OutboxMessage);
  return { channel, heard };
}
