/*
 * The first page: how it comes on screen, and the flag that says whether the server's HTML is still on screen.
 * Three ways (`FirstRender`): hydrated over the server's page; rendered over a personal page's frame (the
 * server sent the frame only, the browser renders the page with the shopper's data); or rendered from scratch
 * (a page from the service worker, or one the server rendered in another language). Until the first navigation
 * after a hydrated page or a frame, components render their final content in the first render instead of a
 * background pass after it (`useDeferredInitial`), so hydration produces the server's HTML.
 */
import { createContext, use } from "react";
import { hydrate, type DehydratedState, type QueryClient } from "@tanstack/react-query";
import type { AnyRouter } from "@tanstack/react-router";
import type { ServerHandoff } from "./handoff";

/**
 * Whether the page on screen is the server's: from the moment the first page's route has loaded, when that page
 * is the server's (hydrated, or a personal page's frame), until the first navigation (`followFirstPage`). On the
 * server every render is a first page's, on server HTML. One per app instance (app/providers.tsx,
 * `createAppServices`), given to the tree by `ServerHtmlContext`. It is read during render by every deferred
 * part of the page and changes without a render (a navigation away re-renders what it changes anyway), so it
 * is a plain object, not React state.
 */
export interface ServerHtmlFlag {
  onServerHtml: boolean;
}

export const createServerHtmlFlag = (onServerHtml: boolean): ServerHtmlFlag => ({ onServerHtml });

/** The app instance's flag; none (a test's tree) reads as "not on server HTML". */
export const ServerHtmlContext = createContext<ServerHtmlFlag | null>(null);

/** `initial` for useDeferredValue: none (no background pass) while server HTML is shown. */
export function useDeferredInitial<T>(initial: T): T | undefined {
  return use(ServerHtmlContext)?.onServerHtml ? undefined : initial;
}

/** How the first page comes on screen: over the server's HTML (hydrated, or over a personal page's frame) or not. */
export type FirstRender = "hydrate" | "over-frame" | "fresh";

/**
 * Resolves in a new task (setTimeout 0), so the browser can paint and handle input in between: the start-up's
 * long tasks are cut where each call says (bench:tasks measures them).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** What loading the first page needs to be told: the app's cache and router, the language now active. */
export interface FirstPageInput {
  queryClient: QueryClient;
  router: AnyRouter;
  /** the server's hand-over, or null (no server page) */
  handoff: ServerHandoff | null;
  /** the language the app has activated */
  locale: string;
  /** before a hydration: prices render as the server rendered them (its currency and rates) */
  renderAsServer: (handoff: ServerHandoff) => void;
  /** while the route's code downloads: the money formatter is made (ICU's data loads) in a task of its own */
  prepareFormats: () => void;
}

/** The first page's route and data, before its first render; says which of the three ways it comes on screen. */
export async function loadFirstPage({
  queryClient,
  router,
  handoff,
  locale,
  renderAsServer,
  prepareFormats,
}: FirstPageInput): Promise<FirstRender> {
  if (handoff?.frame) {
    // A personal page's frame (PersonalFrame): the page itself is the browser's to render, with the shopper's
    // data, over the frame (no hydration); the handed-over public data (the menu's categories) is kept.
    hydrate(queryClient, handoff.queries as DehydratedState);
    await router.load();
    return "over-frame";
  }
  // The server's page is hydrated when it was rendered in the shopper's language; otherwise it is replaced
  // (a choice stored before the cookie existed: the cookie now says it, so the next page is hydrated).
  if (handoff && handoff.locale === locale) {
    hydrate(queryClient, handoff.queries as DehydratedState);
    // Hydration renders prices as the server did; a different stored choice or fresher rates follow after.
    renderAsServer(handoff);
    // Breaks up the task that follows the language's activation (the handed-over queries and rates, then the
    // router's load with the route's loaders): the load starts in a task of its own.
    await nextTask();
    // The route's code and data first, so that the first render is the page the server sent.
    const routeLoaded = router.load();
    // Breaks up hydration's first task (the shell and its prices, most of it the first Intl.NumberFormat loading
    // ICU's data): the formatter is made in a task of its own, while the route's code downloads.
    await nextTask();
    prepareFormats();
    await routeLoaded;
    // As in TanStack Start's client: the router renders the boundaries the server rendered (no root Suspense).
    router.ssr = { manifest: undefined };
    return "hydrate";
  }
  // No server page: the first page loads as it renders (its server HTML, if any, is not the shopper's).
  return "fresh";
}

/**
 * After `loadFirstPage`: components render as over server HTML while the server's page (or a frame) is on screen,
 * which it is until the router's first navigation to another address.
 */
export function followFirstPage(router: AnyRouter, firstRender: FirstRender, flag: ServerHtmlFlag): void {
  flag.onServerHtml = firstRender !== "fresh";
  const stop = router.subscribe("onBeforeNavigate", (e) => {
    if (!e.hrefChanged) return;
    flag.onServerHtml = false;
    stop();
  });
}
