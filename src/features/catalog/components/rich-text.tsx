import Box, { type BoxProps } from "@mui/material/Box";
import { useMemo } from "react";
import { sanitizeHtml } from "../utils/sanitize-html";

/** Renders server HTML after DOMPurify (the only door for server HTML in the catalogue). */
export function RichText({ html, sx }: { html: string; sx?: BoxProps["sx"] }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Box sx={{ "& p": { mt: 0 }, ...sx }} dangerouslySetInnerHTML={{ __html: clean }} />;
}
