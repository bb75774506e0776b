import Box, { type BoxProps } from "@mui/material/Box";
import { useMemo } from "react";
import { sanitizeHtml } from "@/utils/sanitize-html";

/** Server HTML after DOMPurify: the only door for server HTML (pages, blog posts, product descriptions). */
export function HtmlContent({ html, sx }: { html: string; sx?: BoxProps["sx"] }) {
  // The server renderer sanitises with the same configuration over jsdom (entry-server.tsx), so the content is
  // in the server's HTML and the browser's hydration render produces the same markup.
  const clean = useMemo(() => sanitizeHtml(html), [html]);
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
