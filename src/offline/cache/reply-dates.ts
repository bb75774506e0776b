/*
 * "As of" dates: a query's `dataUpdatedAt` is when the server produced what it shows, not when the page read
 * it. The service worker answers catalogue reads from its cache (stale-while-revalidate) and, offline, from
 * the saved packs: a copy days old would otherwise be dated "just now" by the read that returned it. The
 * reply keeps the server's `Date` header in both (the worker's cache stores the reply as it came; a pack keeps
 * the header, and a list a pack builds on the device carries the pack's date), and the API client notes the
 * oldest one per request signal (`replyDateOf` in api/client.ts).
 *
 * TanStack Query sets `dataUpdatedAt` to the current time when a fetch succeeds. Two hooks put the reply's
 * date there instead: the query option `persister` (the library's one wrapper around every query function,
 * with the query at hand; nothing is persisted by it, the query cache's own persister is offline/cache/persister.ts)
 * runs the query function, reads the date and, when an older copy comes back than the one already held (a
 * pack saved on Monday while the device holds Tuesday's reply), returns the held data instead; the query
 * cache's `onSuccess`, called at once after the data is written, then sets the date. The persisted cache
 * dehydrates `dataUpdatedAt`, so a restored copy keeps its date, and hydration never replaces a newer one.
 * Why `persister` and not another hook: a default `queryFn` runs only for queries without their own (every
 * api domain's has one), the query cache's callbacks see neither the fetch's signal (by which the client notes
 * the reply's date) nor the held copy before it is replaced, and the `behavior` option is internal.
 * Personal queries (cart, wishlist, account) are left as they are: always read from the network, and the
 * outbox compares their read times with the device's clock.
 */
import type { Query, QueryFunction, QueryFunctionContext, QueryKey } from "@tanstack/react-query";
import { replyDateOf } from "@/api/client";

/** What a read brought back, against the copy the query already holds. */
export interface CopyChoice {
  /** keep the held copy: the reply is older than it */
  keepHeld: boolean;
  /** the query's `dataUpdatedAt` from now on */
  updatedAt: number;
}

/**
 * Which copy a query keeps and its date: the reply with its own date (`replyDate`, null when the reply did not
 * say: then the time of the read, `now`), unless the query holds a copy produced later (`heldAt`).
 */
export function chooseCopy(replyDate: number | null, heldAt: number | null, now: number): CopyChoice {
  if (replyDate === null) return { keepHeld: false, updatedAt: now };
  const date = Math.min(replyDate, now);
  if (heldAt !== null && heldAt > date) return { keepHeld: true, updatedAt: heldAt };
  return { keepHeld: false, updatedAt: date };
}

/** The data each query's last fetch returned and its date, until the query cache's onSuccess applies it. */
const stamps = new WeakMap<object, { data: unknown; at: number }>();

/**
 * The query's context with `signal` read lazily, as the library's own: a query function that never reads it
 * must not become cancellable by being wrapped. `onSignal` hears of it when it is read.
 */
function watchingSignal<K extends QueryKey>(
  context: QueryFunctionContext<K>,
  onSignal: (signal: AbortSignal) => void,
): QueryFunctionContext<K> {
  const descriptors = Object.getOwnPropertyDescriptors(context);
  delete (descriptors as Record<string, PropertyDescriptor | undefined>).signal;
  const watched = Object.defineProperties({}, descriptors) as QueryFunctionContext<K>;
  Object.defineProperty(watched, "signal", {
    enumerable: true,
    get: () => {
      const signal = context.signal;
      onSignal(signal);
      return signal;
    },
  });
  return watched;
}

function isPersonal(query: Query): boolean {
  return (query.meta as { personal?: unknown } | undefined)?.personal === true;
}

/** The query option (`persister`) that dates each public query's data by its replies (see the top). */
export async function readWithReplyDate<T, K extends QueryKey>(
  queryFn: QueryFunction<T, K, never>,
  context: QueryFunctionContext<K>,
  query: Query,
): Promise<T> {
  // Pages of an infinite query are dated as a whole by the library; none is used for now.
  if (isPersonal(query) || "pageParam" in context) return queryFn(context);
  let signal: AbortSignal | null = null;
  const data = await queryFn(watchingSignal(context, (s) => (signal = s)));
  const replyDate = signal ? replyDateOf(signal) : null;
  // No date said (a server rendering in-process, a cross-origin API not exposing it): the time of the read.
  if (replyDate === null) return data;
  const held = query.state.status === "success" && query.state.data !== undefined ? query.state : null;
  const choice = chooseCopy(replyDate, held?.dataUpdatedAt ?? null, Date.now());
  const kept = choice.keepHeld && held ? (held.data as T) : data;
  stamps.set(query, { data: kept, at: choice.updatedAt });
  return kept;
}

/**
 * The query cache's `onSuccess` (called with what the query function returned, right after it was written):
 * that data gets the date its fetch was stamped with.
 */
export function applyReplyDate(data: unknown, query: Query<unknown, unknown>): void {
  const stamp = stamps.get(query);
  if (!stamp || stamp.data !== data) return;
  stamps.delete(query);
  if (query.state.dataUpdatedAt !== stamp.at) query.setState({ dataUpdatedAt: stamp.at });
}
