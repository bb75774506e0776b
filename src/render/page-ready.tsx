/*
 * "The page answers clicks": once a route's own component has committed (hydrated on a server-rendered first
 * page, mounted after a client navigation), #main carries `data-page-ready` with the address it is ready for.
 * On a server-rendered page the route's part hydrates in a background pass after the shell, and a click that
 * lands before it is lost; the browser journeys wait for this signal (tests/e2e/fixtures.ts) instead of
 * reading React's internals. It costs one attribute write per page.
 */
import { createElement, Fragment, useEffect } from "react";
import { useRouterState, type RouteComponent } from "@tanstack/react-router";

export const PAGE_READY_ATTRIBUTE = "data-page-ready";

export function PageReady() {
  const href = useRouterState({ select: (s) => s.location.href });
  useEffect(() => {
    // The browser's full address, which the tests compare with `location.href`.
    document.getElementById("main")?.setAttribute(PAGE_READY_ATTRIBUTE, window.location.href);
    // `href` re-runs the effect when only the search or hash changed (same component, new address).
  }, [href]);
  return null;
}

/** The route's component followed by the mark, keeping a lazy component's `preload` for the router. */
export function withPageReady(Page: RouteComponent): RouteComponent {
  return Object.assign(() => createElement(Fragment, null, createElement(Page), createElement(PageReady)), {
    preload: Page.preload,
  });
}
