import { useMatches, useSearch } from "@tanstack/react-router";
import { BlogListView } from "@/features/content/components/blog-list-view";
import { BlogPostView } from "@/features/content/components/blog-post-view";
import { BLOG_DETAILS_PATH } from "@/features/content/utils/blog-layouts";

export function BlogPage() {
  const variant = useMatches({ select: (matches) => matches.at(-1)?.staticData.variant });
  const search = useSearch({ strict: false });
  if (variant === BLOG_DETAILS_PATH) return <BlogPostView slug={search.slug} />;
  return <BlogListView variant={variant} page={search.page ?? 1} />;
}
