import type { Config, DOMPurify } from "dompurify";

/** What DOMPurify keeps of server HTML; the one configuration, in the browser and in the server renderer. */
export const SANITIZE_CONFIG = {
  // No USE_PROFILES here: with a profile DOMPurify ignores FORBID_TAGS/FORBID_ATTR.
  FORBID_TAGS: [
    "style",
    "noscript",
    "form",
    "iframe",
    "object",
    "embed",
    "input",
    "button",
    "textarea",
    "select",
    // No server HTML needs inline SVG or MathML; they are where namespace-confusion (mXSS) bypasses live.
    "svg",
    "math",
  ],
  FORBID_ATTR: ["style", "target"],
} satisfies Config;

/** A DOMPurify instance over some DOM (the browser's, or a server DOM such as jsdom's). */
export interface HtmlPurifier {
  sanitize(html: string, config: typeof SANITIZE_CONFIG): string;
}

let serverPurifier: HtmlPurifier | null = null;

/** The server renderer's DOMPurify (over jsdom): content is then in the server's HTML too. */
export function setServerPurifier(purifier: HtmlPurifier): void {
  serverPurifier = purifier;
}

/** The browser's DOMPurify once downloaded; null where there is no DOM for it to run over. */
let browserPurifier: HtmlPurifier | null | undefined;
/** The download under way, or done; null before the first one and after a failed one. */
let browserLoad: Promise<void> | null = null;
let lastLoadFailed = false;

/**
 * Downloads the browser's DOMPurify (once). Not before it is needed: a server-rendered page keeps the markup
 * the server sanitised while it hydrates (components/content/html-content.tsx), so a first visit neither
 * downloads nor evaluates the sanitiser before the page is interactive. Resolves either way: a failed download
 * (offline before the service worker cached it) is not kept, the next call tries again, and meanwhile
 * `purifierUnavailable()` says so. `importer` is the chunk's import (tests give their own).
 */
export function loadPurifier(
  importer: () => Promise<{ default: Pick<DOMPurify, "isSupported" | "sanitize"> }> = () =>
    import("./purify"),
): Promise<void> {
  if (!browserLoad) {
    lastLoadFailed = false;
    browserLoad = importer()
      .then(({ default: purifier }) => {
        browserPurifier = purifier.isSupported ? purifier : null;
      })
      // Also when Vite's chunk-reload recovery (offline/cache/register-sw.ts) resolved the import with nothing.
      .catch(() => {
        browserLoad = null;
        lastLoadFailed = true;
      });
  }
  return browserLoad;
}

/** The last download of DOMPurify failed and no other is under way: HTML can only be shown as its text. */
export function purifierUnavailable(): boolean {
  return lastLoadFailed;
}

/** Whether `sanitizeHtml` can run now: on the server, or in the browser once `loadPurifier` has. */
export function purifierLoaded(): boolean {
  return serverPurifier !== null || browserPurifier !== undefined;
}

/**
 * Server HTML (content pages, blog posts, product descriptions) made safe to render (DESIGN §5): no scripts,
 * event handlers, javascript: URLs, styles, forms or frames. Links keep their href but lose `target`.
 * Without a purifier (no DOM and no server purifier, or the browser's not loaded yet) nothing is returned:
 * never the input.
 */
export function sanitizeHtml(html: string): string {
  const purifier = serverPurifier ?? browserPurifier;
  return purifier ? String(purifier.sanitize(html, SANITIZE_CONFIG)) : "";
}
