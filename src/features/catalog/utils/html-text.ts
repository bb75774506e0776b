/** Server HTML as plain text (React escapes it), for short excerpts where markup does not matter. */
export function htmlToText(html: string): string {
  if (typeof DOMParser !== "undefined") {
    // A parsed, never-attached document runs no scripts and loads no images.
    return (new DOMParser().parseFromString(html, "text/html").body.textContent ?? "")
      .replace(/\s+/g, " ")
      .trim();
  }
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
