/*
 * Server-rendered first pages (DESIGN §6 budgets; decision record:
 * docs/decisions/019-the-first-page-is-rendered-by-the-server-and-hydrated.md). The server renders the page a
 * shopper opens first and the browser hydrates it. While that page is on screen, components render their
 * final content at once (on the server, and in the browser's hydration, which must produce the same HTML)
 * instead of deferring it to a background pass.
 */
import { createContext, useContext, useSyncExternalStore } from "react";
import type { MessageDescriptor } from "@lingui/core";
import type { DehydratedState } from "@tanstack/react-query";

/**
 * Whether the page on screen is the server's, in two moments main.tsx reports: from the moment the first page's
 * route has loaded, when that page is the server's (hydrated, or a personal page's frame), until the first
 * navigation. Meanwhile components render their final content in the first render instead of a background pass
 * after it. On the server every render is a first page's, on server HTML.
 */
let onServerHtml: boolean = import.meta.env.SSR;

/** main.tsx, once the first page's route has loaded; `serverPage`: the server's page is on screen. */
export function markFirstPageLoaded(serverPage: boolean): void {
  onServerHtml = serverPage;
}

/** main.tsx, at the first navigation: the server's page is gone. */
export function markFirstNavigation(): void {
  onServerHtml = false;
}

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

/** `initial` for useDeferredValue: none (no background pass) while server HTML is shown. */
export function deferredInitial<T>(initial: T): T | undefined {
  return onServerHtml ? undefined : initial;
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

/** What a server render tells the page it renders (only the server provides it). */
export interface ServerRender {
  /** the request's origin, for absolute links */
  origin: string;
  /** sets the reply's status (404 for a page that does not exist) */
  setStatus: (status: number) => void;
  /** the page's title and meta description (usePageMeta); the first defined value of each is kept */
  setMeta?: (title: string | undefined, description: string | undefined) => void;
  /** the shopper's display currency (their `currency` cookie), else the base currency */
  currency?: string;
  /**
   * A personal page: only its frame is rendered (PersonalFrame, with this heading), the page itself in the
   * browser, which has the shopper's data.
   */
  frame?: { title?: MessageDescriptor };
}

/** One value per render, so concurrent renders never share it. */
export const ServerRenderContext = createContext<ServerRender | null>(null);

/** Makes the server answer this page with `status` (404 for a page that does not exist). */
export function useServerStatus(status: number): void {
  useContext(ServerRenderContext)?.setStatus(status);
}

/** The page's origin: on the server the request's, in the browser the address bar's. */
export function usePageOrigin(): string {
  return useContext(ServerRenderContext)?.origin ?? window.location.origin;
}

const subscribeNothing = () => () => undefined;

/**
 * False on the server and while the browser hydrates, true after. A form the server rendered keeps its
 * submit button disabled until then: a click before the scripts run would submit it natively (a page
 * reload with the shopper's details in the address).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
