import Box, { type BoxProps } from "@mui/material/Box";
import { useLayoutEffect, useMemo, useRef, useState } from "react";
import { sanitizeHtml } from "@/utils/sanitize-html";

const inBrowser = typeof document !== "undefined";

/**
 * What the element is given while it is trusted to hold the server's markup: a comment no sanitised HTML is (a
 * nonce per page load). React does not write `dangerouslySetInnerHTML` while it hydrates, and afterwards only when
 * the string changes, so the server's markup stays; on a fresh mount it writes this comment, which shows nothing
 * and is replaced before the browser paints (see the layout effect below).
 */
const KEEP_SERVER_MARKUP = `<!--server-markup-${Math.random().toString(36).slice(2)}-->`;

/**
 * Server HTML after DOMPurify: the only door for server HTML (pages, blog posts, product descriptions).
 *
 * The server renderer sanitises with the same configuration over jsdom (entry-server.tsx), so the content is in
 * the server's HTML. Hydrating, the browser keeps that markup instead of running DOMPurify over the same HTML
 * again (18–31 ms on a product page at 4× CPU, measured with bench:tasks); any HTML it renders itself (a client
 * navigation, a refetched or changed description, a page the browser renders over a frame) is sanitised here.
 */
export function HtmlContent({ html, sx }: { html: string; sx?: BoxProps["sx"] }) {
  const ref = useRef<HTMLDivElement>(null);
  // The HTML whose server-sanitised markup the element holds: in the browser, the first one, until the layout
  // effect finds the element was mounted fresh rather than hydrated.
  const [kept, setKept] = useState<string | null>(inBrowser ? html : null);
  const adopted = kept !== null && html === kept;
  // Once the HTML changes the server's markup is gone for good, even if the first HTML comes back.
  if (kept !== null && !adopted) setKept(null);
  const markup = useMemo(() => (adopted ? KEEP_SERVER_MARKUP : sanitizeHtml(html)), [html, adopted]);
  useLayoutEffect(() => {
    if (ref.current?.innerHTML === KEEP_SERVER_MARKUP) setKept(null);
  }, []);
  return (
    <Box
      ref={ref}
      sx={{
        lineHeight: 1.7,
        "& h2": { fontSize: "1.5rem", mt: 3, mb: 1 },
        "& h3": { fontSize: "1.2rem", mt: 2.5, mb: 1 },
        "& img": { maxWidth: "100%", height: "auto" },
        "& table": { borderCollapse: "collapse", width: "100%", my: 2 },
        "& th, & td": { border: 1, borderColor: "divider", p: 1, textAlign: "left" },
        "& a": { color: "primary.main" },
        ...sx,
      }}
      // Hydrating, the element keeps the server's markup (not the placeholder comment React was given).
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
}
