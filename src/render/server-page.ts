/*
 * A server render's plumbing (src/entry-server.tsx renders): waiting for the data the route's loaders started,
 * whether the page is complete enough for a cache to keep, the queries it hands over, and the resource hints
 * React wrote before the page.
 */
import { dehydrate, type DehydratedState, type QueryClient } from "@tanstack/react-query";
import { ApiError } from "@/api/client";
import { undatedQueries } from "./handoff";

/** Resolves when no query is fetching any more (or after `waitMs`), woken by the cache's own events. */
export function settled(queryClient: QueryClient, waitMs: number): Promise<void> {
  if (queryClient.isFetching() === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) done();
    });
  });
}

/** A failure that the next try may not have: no answer, a timeout, a server error, a malformed reply. */
function isPassingFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.kind === "http")
    return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
  return error.kind !== "reply";
}

/**
 * Whether the page shows all it is meant to: no public query still fetching (the render stopped waiting) or failed for a passing reason, and no route whose loader did. A page the data source
 * refused for good (a product that is not there: 404) is complete.
 */
export function isComplete(
  queryClient: QueryClient,
  matches: readonly { status: string; error?: unknown }[],
): boolean {
  const queries = queryClient.getQueryCache().getAll();
  return (
    !queries.some(
      (q) =>
        !q.meta?.personal &&
        (q.state.fetchStatus === "fetching" ||
          (q.state.status === "error" && isPassingFailure(q.state.error))),
    ) && !matches.some((m) => m.status === "error" && isPassingFailure(m.error))
  );
}

/** The public queries the page was rendered with, as the browser hydrates them (undated: `undatedQueries`). */
export function handedOverQueries(queryClient: QueryClient): DehydratedState {
  return undatedQueries(
    dehydrate(queryClient, {
      shouldDehydrateQuery: (q) => q.state.status === "success" && !q.meta?.personal,
    }),
  );
}

/**
 * Without a <head> to render into, React puts its resource hints (the preload of the high-priority hero image)
 * before the page; they belong in the document's head.
 */
export function splitResourceHints(markup: string): { hints: string; html: string } {
  const hints = /^(?:<link [^>]*>)*/.exec(markup)?.[0] ?? "";
  return { hints, html: markup.slice(hints.length) };
}
