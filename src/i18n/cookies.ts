/*
 * The shopper's choices the server renders the first page with (language: decision 029; display currency:
 * decision 032) travel as first-party cookies the page writes. Not HttpOnly: the page sets them; the stored
 * choice in localStorage wins over them. Pure, so the server reads them with the same code.
 */

/** The value of cookie `name` in a Cookie header (or `document.cookie`), or null. */
export function readCookie(cookie: string | null | undefined, name: string): string | null {
  if (!cookie) return null;
  for (const part of cookie.split(";")) {
    const eq = part.indexOf("=");
    if (eq >= 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The `document.cookie` assignment for a choice: a year, the whole site, first-party only. */
export function choiceCookie(name: string, value: string, secure: boolean): string {
  return `${name}=${value}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}
