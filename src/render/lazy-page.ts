import { lazyRouteComponent } from "@tanstack/react-router";
import type { ComponentType } from "react";
import { isLeaving, untilStaying, whileWatchingLeave } from "./leaving";

/** How long a failed import waits before its one more try. */
export const PAGE_CODE_RETRY_MS = 1000;

/**
 * Makes a failed import an error whose message the router does not take for a reason to reload (the
 * browser's error is its `cause`). A failed import is tried once more after a moment first: a connection
 * that dropped for an instant (a showroom's Wi-Fi) then costs nothing. An import Firefox or WebKit reject
 * because the page is being left (leaving.ts) is no failure: the page keeps what it shows (the router's
 * pending view) until the next page replaces it, and tries again only should it stay after all.
 */
export const asPageCode =
  <T>(importer: () => Promise<T>, retryMs = PAGE_CODE_RETRY_MS): (() => Promise<T>) =>
  async () => {
    for (let retried = false; ;) {
      try {
        return await whileWatchingLeave(importer);
      } catch (cause) {
        if (isLeaving()) await untilStaying();
        else if (retried) throw new Error("The page's code could not be loaded.", { cause });
        else {
          retried = true;
          await new Promise((done) => setTimeout(done, retryMs));
        }
      }
    }
  };

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
