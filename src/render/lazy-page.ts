import { lazyRouteComponent } from "@tanstack/react-router";
import type { ComponentType } from "react";

/** How long a failed import waits before its one more try. */
export const PAGE_CODE_RETRY_MS = 1000;

/**
 * Makes a failed import an error whose message the router does not take for a reason to reload (the
 * browser's error is its `cause`). A failed import is tried once more after a moment first: a connection
 * that dropped for an instant (a showroom's Wi-Fi) then costs nothing, and an import Firefox or WebKit reject
 * because the page is being left (a link preloaded on hover, a page whose code was loading) has no error to
 * show or log by then, the page being gone.
 */
export const asPageCode =
  <T>(importer: () => Promise<T>, retryMs = PAGE_CODE_RETRY_MS): (() => Promise<T>) =>
  () =>
    importer().catch(async () => {
      await new Promise((done) => setTimeout(done, retryMs));
      try {
        return await importer();
      } catch (cause) {
        throw new Error("The page's code could not be loaded.", { cause });
      }
    });

/**
 * A route's page component loaded on demand (`lazyRouteComponent`). Its import never makes the router
 * reload the page by itself: the router reloads once on any failed import, also offline and when Firefox
 * or WebKit reject the imports of a page being left (putting the shopper back on it). The failure goes to
 * the route's error view, and the shop's chunk recovery (offline/cache/register-sw.ts) reloads only when this
 * build's code is really gone from the server.
 */
export function lazyPage<M extends Record<K, ComponentType<object>>, K extends keyof M & string>(
  importer: () => Promise<M>,
  exportName: K,
) {
  return lazyRouteComponent(asPageCode(importer), exportName);
}
