import { use, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { whenIdle } from "@/render/idle";
import { loadPurifier, purifierLoaded, purifierUnavailable, sanitizeHtml } from "@/utils/sanitize-html";
import { useHydrated } from "@/render/server-render";
import { withoutEventHandlers } from "@/utils/strip-handlers";
import "./html-content.css";

const inBrowser = typeof document !== "undefined";

/**
 * What the element is given while it is trusted to hold the server's markup: a comment no sanitised HTML is (a
 * nonce per page load). React does not write `dangerouslySetInnerHTML` while it hydrates, and afterwards only when
 * the string changes, so the server's markup stays; on a fresh mount it writes this comment, which shows nothing
 * and is replaced before the browser paints (see the layout effect below).
 */
const KEEP_SERVER_MARKUP = `<!--server-markup-${Math.random().toString(36).slice(2)}-->`;

/**
 * The text of server HTML, for when it cannot be sanitised: parsed into an inert document (no script runs,
 * nothing loads), without its scripts and styles. Rendered as text, never as markup. Here, not in
 * utils/sanitize-html.ts, which every first page loads (app/start-browser.tsx): this comes only with pages showing server HTML.
 */
function htmlText(html: string): string {
  // Without its handler attributes: the parser would report each one to the page's CSP (utils/strip-handlers.ts).
  const doc = new DOMParser().parseFromString(withoutEventHandlers(html), "text/html");
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS selector, not text
  for (const el of doc.querySelectorAll("script, style, template, noscript")) el.remove();
  return doc.body.textContent ?? "";
}

/**
 * Server HTML after DOMPurify: the only door for server HTML (pages, blog posts, product descriptions).
 *
 * The server renderer sanitises with the same configuration over jsdom (entry-server.tsx), so the content is in
 * the server's HTML. Hydrating, the browser keeps that markup instead of running DOMPurify over the same HTML
 * again (18–31 ms on a product page at 4× CPU, measured with bench:tasks), and without DOMPurify's code, which
 * it downloads when the page is idle. Any HTML it renders itself (a client navigation, a refetched or changed
 * description, a page the browser renders over a frame) is sanitised here, once DOMPurify is there (the
 * element suspends until then). If DOMPurify could not be downloaded (offline before the service worker cached
 * it), the element shows the HTML's text only.
 */
export function HtmlContent({
  html,
  flush = false,
}: {
  html: string;
  /** paragraphs without their top margin (a short description beside other blocks) */
  flush?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const hydrating = inBrowser && !hydrated;
  // The HTML whose server-sanitised markup the element holds: hydrating, the first one (unless the layout
  // effect finds the element was mounted fresh after all).
  const [kept, setKept] = useState<string | null>(hydrating ? html : null);
  const adopted = kept !== null && html === kept;
  // Once the HTML changes the server's markup is gone for good, even if the first HTML comes back.
  if (kept !== null && !adopted) setKept(null);
  // Mounted by the browser (a client navigation, the quick view): the first render waits for DOMPurify.
  if (!adopted && !purifierLoaded() && !purifierUnavailable()) use(loadPurifier());
  const asText = !adopted && !purifierLoaded();
  const markup = useMemo(
    () => (asText ? null : adopted ? KEEP_SERVER_MARKUP : sanitizeHtml(html)),
    [html, adopted, asText],
  );
  useLayoutEffect(() => {
    if (ref.current?.innerHTML === KEEP_SERVER_MARKUP) setKept(null);
  }, []);
  // Hydrated: the sanitiser is fetched once the page is idle, for HTML that changes later. Shown as text: it is
  // tried again then, and the HTML is rendered once it is there.
  const [, setPurifierArrived] = useState(false);
  useEffect(() => {
    if (purifierLoaded()) return undefined;
    const retry = () => void loadPurifier().then(() => asText && setPurifierArrived(purifierLoaded()));
    return whenIdle(retry, 5000, 2000);
  }, [asText]);
  return (
    <div
      ref={ref}
      className={flush ? "html-content html-content--flush" : "html-content"}
      // Hydrating, the element keeps the server's markup (not the placeholder comment React was given).
      suppressHydrationWarning
      dangerouslySetInnerHTML={markup === null ? undefined : { __html: markup }}
    >
      {markup === null ? htmlText(html) : undefined}
    </div>
  );
}
