/** The blog list variants of SPEC §2 are one list configured by data: where the sidebar sits and how many columns. */
export interface BlogLayout {
  sidebar: "left" | "right" | "none";
  /** Post columns from the md breakpoint. */
  columns: 1 | 2 | 3;
}

export const BLOG_DETAILS_PATH = "/blog-details-standard";
export const BLOG_PAGE_SIZE = 6;

export const BLOG_LAYOUTS: Readonly<Record<string, BlogLayout>> = {
  "/blog-standard": { sidebar: "left", columns: 2 },
  "/blog-no-sidebar": { sidebar: "none", columns: 3 },
  "/blog-right-sidebar": { sidebar: "right", columns: 2 },
};

export function blogLayoutFor(variant: string | undefined): BlogLayout {
  return (variant && BLOG_LAYOUTS[variant]) || { sidebar: "left", columns: 2 };
}
