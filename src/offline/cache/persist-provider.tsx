import { startTransition, useEffect, useRef, useState, type ReactNode } from "react";
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type Persister,
} from "@tanstack/query-persist-client-core";
import {
  IsRestoringProvider,
  QueryClientProvider,
  type DehydrateOptions,
  type QueryClient,
} from "@tanstack/react-query";
import { cacheRestore } from "./restore-state";

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
 * `PersistQueryClientProvider` of @tanstack/react-query-persist-client over query-persist-client-core's own
 * `persistQueryClientRestore` and `persistQueryClientSubscribe` (restore, expiry, buster, save on every cache
 * change). What the library lacks, and the only reason for this wrapper: the end of the restore is a
 * background (transition) update. Every query reader re-renders when it ends, and it ends inside an IndexedDB
 * event, where React would otherwise render it at once and in one piece: on a server-rendered page that also
 * forced the parts not yet hydrated to hydrate in one long task.
 * (package.json overrides the persist core's query-core with react-query's, so there is one copy.)
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
      const { persister, maxAge, buster } = latest.current.persistOptions;
      persistQueryClientRestore({ queryClient: client, persister, maxAge, buster })
        .then(
          () => latest.current.onSuccess?.(),
          () => undefined,
        )
        .finally(() => {
          cacheRestore.markRestored();
          startTransition(() => setIsRestoring(false));
        });
    }
    if (isRestoring) return undefined;
    const { persister, buster, dehydrateOptions } = latest.current.persistOptions;
    return persistQueryClientSubscribe({ queryClient: client, persister, buster, dehydrateOptions });
  }, [client, isRestoring]);

  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
