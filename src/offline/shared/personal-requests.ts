/*
 * What counts as one shopper's request or page, shared by the service worker (never stores it), the offline
 * packs (never save it) and the routes (personal pages). Pure; relative imports only (the service worker
 * imports this file).
 */
import type { MessageDescriptor } from "@lingui/core";

/** Paths under the API root that answer for one shopper. */
export const PERSONAL_PATHS =
  /^(checkout|wishlist|customer|customers|addresses|orders|send-verification-code|verify-code|contactrequest|contactsubscribe|test|staff|cart-handover)(\/|$)/;

/**
 * The storefront's personal pages (issue 17 item 8), by route path in the router's syntax (`$name` is one
 * segment): they show one shopper's data, so the server renders only their frame (the header, the menu, the
 * page's title and the footer: nothing of any shopper's), never stored by a shared cache
 * (`Cache-Control: private, no-store`), and the service worker never stores or answers them from a cache. The one declaration: each of these routes takes its path and `staticData.personal` from
 * `personalPage()` (src/routes/*-routes.tsx), the server renderer reads `staticData.personal` from the
 * matched route (entry-server.tsx), and the worker, which must not load the router, reads this table.
 */
export const PERSONAL_PAGES = [
  "/cart",
  "/wishlist",
  "/compare",
  "/checkout",
  "/ordersuccess/$orderId",
  "/saved-offline",
  "/storage",
  "/my-account",
  "/login-register",
  // Opened from mailed links (decision 038): the token is in the fragment, the page is never stored.
  "/reset-password",
  "/newsletter/confirm",
  "/staff",
  "/scan",
  "/product/$urlKey/tag",
] as const;
export type PersonalPage = (typeof PERSONAL_PAGES)[number];

/**
 * A route's path and its personal mark, spread into `createRoute({...})`: one entry of the table, used once.
 * `title` is the page's heading, which the server's frame shows (the one the page itself renders).
 */
export function personalPage<P extends PersonalPage>(
  path: P,
  title?: MessageDescriptor,
): { path: P; staticData: { personal: true; title?: MessageDescriptor } } {
  return { path, staticData: title ? { personal: true, title } : { personal: true } };
}

const segments = (path: string) => path.split("/").filter(Boolean);
const PERSONAL_PAGE_SEGMENTS = PERSONAL_PAGES.map(segments);

/**
 * The personal page an address path (`url.pathname`) opens, matched as the router matches: segment by segment,
 * case-insensitively, a trailing slash allowed, `$name` for any one segment.
 */
export function personalPageOf(pathname: string): PersonalPage | undefined {
  const parts = segments(pathname.toLowerCase());
  const i = PERSONAL_PAGE_SEGMENTS.findIndex(
    (pattern) =>
      pattern.length === parts.length &&
      pattern.every((p, j) => p.startsWith("$") || p.toLowerCase() === parts[j]),
  );
  return PERSONAL_PAGES[i];
}

/** True when an address path (`url.pathname`) opens a personal page (`personalPageOf`). */
export function isPersonalPage(pathname: string): boolean {
  return personalPageOf(pathname) !== undefined;
}

/**
 * True when a request may carry or return one shopper's data: not a GET, an Authorization header, a `token`
 * parameter, a personal API path (`apiPath` is the path below the API root, null for other addresses), or a
 * personal page's address.
 */
export function isPersonal(
  request: { method: string; headers: { has(name: string): boolean } },
  url: URL,
  apiPath: string | null,
): boolean {
  if (request.method !== "GET") return true;
  if (request.headers.has("Authorization") || url.searchParams.has("token")) return true;
  return apiPath !== null ? PERSONAL_PATHS.test(apiPath) : isPersonalPage(url.pathname);
}
