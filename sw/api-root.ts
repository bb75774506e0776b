/// <reference lib="webworker" />
// The API's root as the worker sees it (VITE_API_ROOT, same origin by default), shared by its modules.

declare const self: ServiceWorkerGlobalScope;

export const API_ROOT = new URL(
  (import.meta.env.VITE_API_ROOT ?? "/api").replace(/\/+$/, "") + "/",
  self.location.origin,
);

/** The path below the API root ("products/3"), or null for any other URL. */
export function apiPath(url: URL): string | null {
  if (url.origin !== API_ROOT.origin || !url.pathname.startsWith(API_ROOT.pathname)) return null;
  return url.pathname.slice(API_ROOT.pathname.length);
}
