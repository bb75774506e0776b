/*
 * What counts as one shopper's request, shared by the service worker (never stores it) and the offline packs
 * (never save it). Pure; relative imports only (the service worker imports this file).
 */

/** Paths under the API root that answer for one shopper. */
export const PERSONAL_PATHS =
  /^(checkout|wishlist|customer|customers|addresses|orders|send-verification-code|verify-code|contactrequest|contactsubscribe|test)(\/|$)/;

/**
 * True when a request may carry or return one shopper's data: not a GET, an Authorization header, a `token`
 * parameter, or a personal path (`apiPath` is the path below the API root, null for other addresses).
 */
export function isPersonal(
  request: { method: string; headers: { has(name: string): boolean } },
  url: URL,
  apiPath: string | null,
): boolean {
  if (request.method !== "GET") return true;
  if (request.headers.has("Authorization") || url.searchParams.has("token")) return true;
  return apiPath !== null && PERSONAL_PATHS.test(apiPath);
}
