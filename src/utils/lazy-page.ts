import { lazyRouteComponent } from "@tanstack/react-router";
import type { ComponentType } from "react";

/** A page's code that could not be loaded; `cause`: the browser's error. */
export class PageCodeError extends Error {
  constructor(cause: unknown) {
    super("The page's code could not be loaded.", { cause });
    this.name = "PageCodeError";
  }
}

/** Makes a failed import a `PageCodeError`, which the router does not take for a reason to reload. */
export function asPageCode<T>(importer: () => Promise<T>): () => Promise<T> {
  return () =>
    importer().catch((error: unknown) => {
      throw new PageCodeError(error);
    });
}

/**
 * A route's page component loaded on demand (`lazyRouteComponent`). Its import never makes the router
 * reload the page by itself: the router reloads once on any failed import, also offline and when Firefox
 * or WebKit reject the imports of a page being left (putting the shopper back on it). The failure goes to
 * the route's error view, and the shop's chunk recovery (offline/register-sw.ts) reloads only when this
 * build's code is really gone from the server.
 */
export function lazyPage<M extends Record<K, ComponentType<object>>, K extends keyof M & string>(
  importer: () => Promise<M>,
  exportName: K,
) {
  return lazyRouteComponent(asPageCode(importer), exportName);
}
