import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ApiError } from "@/api/client";
import { contentQueries } from "@/api/content";
import { ErrorView } from "@/components/feedback/error-view";
import { NotFound } from "@/components/feedback/not-found";
import { Preloader } from "@/components/feedback/preloader";
import { PageHeader } from "@/components/layout/page-header";
import { HtmlContent } from "@/components/content/html-content";
import { useLocale } from "@/i18n/i18n";
import { BlogTag, PostMeta } from "./blog-list-view";
import "./blog-post-view.css";

function Post({ slug }: { slug: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const { data: post, isPending, error, refetch } = useQuery(contentQueries.blogPost(slug, locale));
  if (isPending) return <Preloader />;
  if (error) {
    return error instanceof ApiError && error.status === 404 ? (
      <NotFound />
    ) : (
      <ErrorView onRetry={() => void refetch()} />
    );
  }
  return (
    <article>
      <PageHeader
        title={post.title}
        description={post.excerpt}
        crumbs={[{ label: t`Blog`, to: "/blog-standard" }]}
      >
        <PostMeta post={post} />
      </PageHeader>
      <div className="ui-container blog-post__body">
        <img
          className="blog-post__image"
          src={post.image}
          alt=""
          width={600}
          height={400}
          fetchPriority="high"
        />
        <HtmlContent html={post.html} />
        {post.tags.length > 0 && (
          <div className="blog-tags blog-post__tags" aria-label={t`Tags`} role="list">
            {post.tags.map((tag) => (
              <BlogTag key={tag} label={tag} role="listitem" />
            ))}
          </div>
        )}
        <Link to="/blog-standard" className="ui-btn ui-btn--outlined">
          {t`Back to the blog`}
        </Link>
      </div>
    </article>
  );
}

/** One blog post; without a slug, the latest post. */
export function BlogPostView({ slug }: { slug: string | undefined }) {
  const locale = useLocale();
  const latest = useQuery({ ...contentQueries.blogList(1, 1, locale), enabled: slug === undefined });
  if (slug) return <Post key={slug} slug={slug} />;
  if (latest.isPending) return <Preloader />;
  const first = latest.data?.posts[0];
  return first ? <Post slug={first.slug} /> : <NotFound />;
}
