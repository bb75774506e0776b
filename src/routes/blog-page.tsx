import { useMatches, useSearch } from "@tanstack/react-router";
import { BlogListView } from "@/features/content/components/blog-list-view";

/** A blog list variant (the variant's path says where the sidebar sits). */
export function BlogPage() {
  const variant = useMatches({ select: (matches) => matches.at(-1)?.staticData.variant });
  const search = useSearch({ strict: false });
  return <BlogListView variant={variant} page={search.page ?? 1} />;
}
