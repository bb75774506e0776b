import { useSearch } from "@tanstack/react-router";
import { BlogPostView } from "@/features/content/components/blog-post-view";

/** One blog post: its own route chunk, so the blog list does not load the post's HTML sanitiser (DOMPurify). */
export function BlogPostPage() {
  const search = useSearch({ strict: false });
  return <BlogPostView slug={search.slug} />;
}
