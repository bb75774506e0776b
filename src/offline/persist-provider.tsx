import { startTransition, useEffect, useRef, useState, type ReactNode } from "react";
import type { Persister } from "@tanstack/query-persist-client-core";
import {
  dehydrate,
  hydrate,
  IsRestoringProvider,
  QueryClientProvider,
  type DehydratedState,
  type DehydrateOptions,
  type QueryClient,
} from "@tanstack/react-query";

interface PersistOptions {
  persister: Persister;
  /** a stored cache older than this (ms) is dropped */
  maxAge: number;
  /** a stored cache written with another buster (app version) is dropped */
  buster: string;
  dehydrateOptions: DehydrateOptions;
}

interface Props {
  client: QueryClient;
  persistOptions: PersistOptions;
  /** Runs once the persisted cache is back (also when nothing was stored). */
  onSuccess?: () => void;
  children: ReactNode;
}

/**
 * The persisted cache back into `client` (persistQueryClientRestore of query-persist-client-core): an
 * expired, busted or unreadable one is removed instead.
 */
async function restore(client: QueryClient, { persister, maxAge, buster }: PersistOptions) {
  try {
    const persisted = await persister.restoreClient();
    if (!persisted) return;
    if (!persisted.timestamp || Date.now() - persisted.timestamp > maxAge || persisted.buster !== buster) {
      await persister.removeClient();
      return;
    }
    hydrate(client, persisted.clientState as DehydratedState);
  } catch (error) {
    await persister.removeClient();
    throw error;
  }
}

/** Writes the cache through the persister whenever a query or mutation is added, removed or updated. */
function subscribe(client: QueryClient, { persister, buster, dehydrateOptions }: PersistOptions) {
  const save = (event: { type: string }) => {
    if (event.type !== "added" && event.type !== "removed" && event.type !== "updated") return;
    void persister.persistClient({
      buster,
      timestamp: Date.now(),
      clientState: dehydrate(client, dehydrateOptions),
    });
  };
  const stopQueries = client.getQueryCache().subscribe(save);
  const stopMutations = client.getMutationCache().subscribe(save);
  return () => {
    stopQueries();
    stopMutations();
  };
}

/**
 * `PersistQueryClientProvider` of @tanstack/react-query-persist-client, with two differences:
 * - the end of the restore is a background (transition) update. Every query reader re-renders when it ends,
 *   and it ends inside an IndexedDB event, where React would otherwise render it at once and in one piece:
 *   on a server-rendered page that also forced the parts not yet hydrated to hydrate in one long task;
 * - restore and save use react-query's own hydrate/dehydrate (the persist core would bring its older
 *   query-core's copy into the first visit's JavaScript).
 */
export function PersistQueryClientProvider({ client, persistOptions, onSuccess, children }: Props) {
  const [isRestoring, setIsRestoring] = useState(true);
  const latest = useRef({ persistOptions, onSuccess });
  const didRestore = useRef(false);

  useEffect(() => {
    latest.current = { persistOptions, onSuccess };
  });

  useEffect(() => {
    if (!didRestore.current) {
      didRestore.current = true;
      // An unreadable cache has been removed and the app starts empty (onSuccess is not called).
      restore(client, latest.current.persistOptions)
        .then(
          () => latest.current.onSuccess?.(),
          () => undefined,
        )
        .finally(() => startTransition(() => setIsRestoring(false)));
    }
    return isRestoring ? undefined : subscribe(client, latest.current.persistOptions);
  }, [client, isRestoring]);

  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
