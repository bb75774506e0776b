/*
 * The token of a link the shop mailed (password reset, newsletter confirmation: docs/decisions/038). It rides
 * in the address's fragment (`/reset-password#token=…`), which a browser never sends to a server, so no
 * server, proxy or service worker sees or logs it; the page reads it once and removes it from the address
 * bar at once, so it is neither in the history, a bookmark, a shared address nor a Referer.
 */

const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * The token in this page's fragment (or, from an older link, its query), removed from the address at once
 * (history.replaceState: no new history entry, the router's state kept). Null when there is none.
 */
export function takeLinkToken(): string | null {
  if (typeof window === "undefined") return null;
  const { hash, search, pathname } = window.location;
  const fromHash = new URLSearchParams(hash.replace(/^#/, "")).get("token");
  const query = new URLSearchParams(search);
  const token = fromHash ?? query.get("token");
  if (token === null) return null;
  query.delete("token");
  const rest = query.toString();
  window.history.replaceState(window.history.state, "", `${pathname}${rest ? `?${rest}` : ""}`);
  return TOKEN.test(token) ? token : null;
}
