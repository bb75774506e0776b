import { QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "@/api/client";
import { applyReplyDate, readWithReplyDate } from "@/offline/cache/reply-dates";
import { isOnline } from "@/offline/signal/online-signal";

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: {
      /** Personal data (cart, wishlist, account, orders): wiped at logout, never shared. */
      personal?: boolean;
    };
    mutationMeta: {
      personal?: boolean;
      /** Queued and replayed when offline (cart, wishlist, contact). */
      offline?: boolean;
    };
    defaultError: Error;
  }
}

export const DAY = 24 * 60 * 60 * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // A public query's data is dated by the server's replies, so "as of" tells the age of a cached copy.
    queryCache: new QueryCache({ onSuccess: applyReplyDate }),
    defaultOptions: {
      queries: {
        persister: readWithReplyDate,
        // The service worker may answer from its cache, so try the network even when offline.
        networkMode: "offlineFirst",
        staleTime: 60 * 1000,
        gcTime: 7 * DAY,
        // Offline, a page the service worker has not stored fails at once and says so (no paused spinner).
        retry: (count, error) =>
          count < 2 &&
          isOnline() &&
          !(
            error instanceof ApiError &&
            (error.kind === "parse" || (error.status >= 400 && error.status < 500))
          ),
        refetchOnWindowFocus: false,
      },
      mutations: { networkMode: "online" },
    },
  });
}
