import DOMPurify from "dompurify";

/**
 * Server HTML (content pages, blog posts) made safe to render (DESIGN §5): no scripts, event
 * handlers, javascript: URLs, styles, forms or frames. Links keep their href but lose `target`.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
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
  });
}
