/*
 * The features' policies as the outbox looks them up: which policy owns a write (by mutation key), what it is
 * about for server-freshness.ts, and the queries read again once writes have settled. The outbox knows no
 * feature; the app hands it the policies (app/start-outbox.ts).
 */
import type { MutationKey, QueryClient } from "@tanstack/react-query";
import type { WriteKind } from "@/offline/signal/server-freshness";
import { startsWithKey } from "./change-queue";
import type { OutboxPolicy } from "./outbox-policy";
import type { AnyMutation } from "./waiting";

export interface PolicyRegistry {
  readonly policies: readonly OutboxPolicy[];
  policyOf(mutationKey: MutationKey | undefined): OutboxPolicy | undefined;
  kindOf(m: AnyMutation): WriteKind | null;
  /** One of the policies' write kinds (a word from another tab or the worker may name any string). */
  isWriteKind(kind: string | null | undefined): kind is WriteKind;
  /** The server's state is the truth now: the policies' queries are read again. */
  reloadQueries(): Promise<unknown>;
}

export function policyRegistry(policies: readonly OutboxPolicy[], queryClient: QueryClient): PolicyRegistry {
  const policyOf = (mutationKey: MutationKey | undefined): OutboxPolicy | undefined =>
    mutationKey ? policies.find((p) => startsWithKey(mutationKey, p.mutationKey)) : undefined;
  const writeKinds = new Set(policies.flatMap((p) => (p.writeKind ? [p.writeKind] : [])));
  const queriesToReload = policies.flatMap((p) => p.queriesToReload ?? []);
  return {
    policies,
    policyOf,
    kindOf: (m) => policyOf(m.options.mutationKey)?.writeKind ?? null,
    isWriteKind: (kind): kind is WriteKind => typeof kind === "string" && writeKinds.has(kind as WriteKind),
    reloadQueries: () =>
      Promise.all(queriesToReload.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  };
}
