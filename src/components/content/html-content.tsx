import Box, { type BoxProps } from "@mui/material/Box";
import { useMemo } from "react";
import { useHydrated } from "@/utils/server-html";
import { sanitizeHtml } from "@/utils/sanitize-html";

/** Server HTML after DOMPurify: the only door for server HTML (pages, blog posts, product descriptions). */
export function HtmlContent({ html, sx }: { html: string; sx?: BoxProps["sx"] }) {
  // DOMPurify needs a DOM: the server renderer leaves the box empty and the browser fills it right after
  // hydration (a browser render that is not a hydration has it at once).
  const inBrowser = useHydrated();
  const clean = useMemo(() => (inBrowser ? sanitizeHtml(html) : ""), [html, inBrowser]);
  return (
    <Box
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
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
