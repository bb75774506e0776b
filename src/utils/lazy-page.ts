import { lazyRouteComponent } from "@tanstack/react-router";
import type { ComponentType } from "react";

/**
 * Makes a failed import an error whose message the router does not take for a reason to reload (the
 * browser's error is its `cause`).
 */
export const asPageCode =
  <T>(importer: () => Promise<T>): (() => Promise<T>) =>
  () =>
    importer().catch((cause: unknown) => {
      throw new Error("The page's code could not be loaded.", { cause });
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
