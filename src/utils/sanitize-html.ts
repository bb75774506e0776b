import DOMPurify, { type Config } from "dompurify";

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

/**
 * Server HTML (content pages, blog posts, product descriptions) made safe to render (DESIGN §5): no scripts,
 * event handlers, javascript: URLs, styles, forms or frames. Links keep their href but lose `target`.
 * Without a DOM (and no server purifier) nothing is returned: DOMPurify would hand the input back unchanged.
 */
export function sanitizeHtml(html: string): string {
  const purifier = serverPurifier ?? (DOMPurify.isSupported ? DOMPurify : null);
  return purifier ? String(purifier.sanitize(html, SANITIZE_CONFIG)) : "";
}
