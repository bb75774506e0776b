import DOMPurify from "dompurify";
import { withoutEventHandlers } from "./strip-handlers";

/**
 * The browser's sanitiser, a chunk of its own that `loadPurifier` (utils/sanitize-html.ts) downloads when it is
 * first needed: DOMPurify, given the HTML without its handler attributes (utils/strip-handlers.ts), so that the
 * parser it runs never meets one (Chromium reports each to the page's CSP as it parses it).
 */
const purifier: Pick<typeof DOMPurify, "isSupported" | "sanitize"> = {
  isSupported: DOMPurify.isSupported,
  sanitize: ((html: string, config: Parameters<typeof DOMPurify.sanitize>[1]) =>
    DOMPurify.sanitize(withoutEventHandlers(html), config ?? {})) as typeof DOMPurify.sanitize,
};

export default purifier;
