import { startTransition, useEffect, useRef, useState, type ReactNode } from "react";
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistQueryClientOptions,
} from "@tanstack/query-persist-client-core";
import { IsRestoringProvider, QueryClientProvider, type QueryClient } from "@tanstack/react-query";

interface Props {
  client: QueryClient;
  persistOptions: Omit<PersistQueryClientOptions, "queryClient">;
  /** Runs once the persisted cache is back (also when nothing was stored). */
  onSuccess?: () => void;
  onError?: () => void;
  children: ReactNode;
}

/**
 * `PersistQueryClientProvider` of @tanstack/react-query-persist-client, with one difference: the end of the
 * restore is a background (transition) update. Every query reader re-renders when it ends, and it ends
 * inside an IndexedDB event, where React would otherwise render it at once and in one piece: on a
 * server-rendered page that also forced the parts not yet hydrated to hydrate in a single long task.
 */
export function PersistQueryClientProvider({ client, persistOptions, onSuccess, onError, children }: Props) {
  const [isRestoring, setIsRestoring] = useState(true);
  const latest = useRef({ persistOptions, onSuccess, onError });
  const didRestore = useRef(false);

  useEffect(() => {
    latest.current = { persistOptions, onSuccess, onError };
  });

  useEffect(() => {
    // The persist core is pinned to an older query-core than react-query's (stack.md); the client is the
    // same object either way, only the two copies' private-field types differ.
    const queryClient = client as unknown as PersistQueryClientOptions["queryClient"];
    const options = { ...latest.current.persistOptions, queryClient };
    if (!didRestore.current) {
      didRestore.current = true;
      persistQueryClientRestore(options)
        .then(() => latest.current.onSuccess?.())
        .catch(() => latest.current.onError?.())
        .finally(() => startTransition(() => setIsRestoring(false)));
    }
    return isRestoring ? undefined : persistQueryClientSubscribe(options);
  }, [client, isRestoring]);

  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
