/*
 * The hand-over of a server-rendered first page (decision 019): the server dehydrates the public queries it
 * rendered with into a JSON block after #root, with the language, the currency and its rates; the browser reads
 * the block once (and removes it) before its first render, and hydrates the query cache from it.
 */
import type { DehydratedState } from "@tanstack/react-query";

/** The id of the JSON data block holding the server's query cache. */
export const SERVER_STATE_ID = "server-state";

/** What the server hands to the browser with the HTML. */
export interface ServerHandoff {
  /** the language the page was rendered in */
  locale: string;
  /** dehydrated TanStack Query state (public catalogue data only) */
  queries: unknown;
  /** the display currency the prices were rendered in, and the exchange rates used */
  currency?: string;
  /** (checked where they are used, src/i18n/currency.ts: a bad value means the base currency, bundled rates) */
  rates?: unknown;
  /** a personal page's frame (PersonalFrame): rendered by the browser, not hydrated */
  frame?: boolean;
}

/**
 * The queries a server render hands over, without the times of that render (when each was read, when it was
 * dehydrated): the same page is the same bytes from every instance and every render, so its ETag is too and any
 * instance answers 304 to another's, as long as what it shows has not changed. The browser dates them when the
 * page arrives (readServerHandoff).
 */
export function undatedQueries({ mutations, queries }: DehydratedState): DehydratedState {
  return {
    mutations,
    queries: queries.map(({ dehydratedAt: _at, ...query }) => ({
      ...query,
      state: { ...query.state, dataUpdatedAt: 0, errorUpdatedAt: 0 },
    })) as DehydratedState["queries"],
  };
}

/** The data block the server puts after #root ("<" escaped: no product text can close the element). */
export function serverHandoffBlock(handoff: ServerHandoff): string {
  const json = JSON.stringify(handoff).replace(/</g, "\\u003c");
  // eslint-disable-next-line lingui/no-unlocalized-strings -- markup, not a text
  return `<script type="application/json" id="${SERVER_STATE_ID}">${json}</script>`;
}

/** The handoff the server put beside its HTML, or null (a page from the service worker, a bad block). */
export function readServerHandoff(doc: Document): ServerHandoff | null {
  const el = doc.getElementById(SERVER_STATE_ID);
  if (!el?.textContent) return null;
  try {
    const value: unknown = JSON.parse(el.textContent);
    if (typeof value !== "object" || value === null) return null;
    const { locale, queries, currency, rates, frame } = value as Record<string, unknown>;
    if (typeof locale !== "string" || typeof queries !== "object" || queries === null) return null;
    // The server's queries carry no time (undatedQueries): they are as of the page's arrival, and each query's
    // staleTime counts from it.
    const arrived = Date.now();
    for (const query of (queries as DehydratedState).queries) query.state.dataUpdatedAt = arrived;
    return {
      locale,
      queries,
      currency: typeof currency === "string" ? currency : undefined,
      rates,
      frame: frame === true,
    };
  } catch {
    return null;
  } finally {
    el.remove();
  }
}
