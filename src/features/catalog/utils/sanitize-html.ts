import DOMPurify from "dompurify";

/** Server HTML (product descriptions) made safe to render: no scripts, handlers or foreign frames. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ["style", "form", "iframe"] });
}
