import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Container from "@mui/material/Container";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { ApiError } from "@/api/client";
import { contentQueries } from "@/api/content";
import { ErrorView } from "@/components/feedback/error-view";
import { NotFound } from "@/components/feedback/not-found";
import { Preloader } from "@/components/feedback/preloader";
import { PageHeader } from "@/components/layout/page-header";
import { ButtonLink } from "@/components/router-links";
import { HtmlContent } from "@/components/content/html-content";
import { PostMeta } from "./blog-list-view";

function Post({ slug }: { slug: string }) {
  const { t } = useLingui();
  const { data: post, isPending, error, refetch } = useQuery(contentQueries.blogPost(slug));
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
      <Container sx={{ pb: 6, maxWidth: { md: "md" } }}>
        <img
          src={post.image}
          alt=""
          width={600}
          height={400}
          fetchPriority="high"
          style={{ display: "block", width: "100%", height: "auto", borderRadius: 6 }}
        />
        <HtmlContent html={post.html} />
        {post.tags.length > 0 && (
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", my: 3 }} aria-label={t`Tags`} role="list">
            {post.tags.map((tag) => (
              <Chip key={tag} label={tag} size="small" variant="outlined" role="listitem" />
            ))}
          </Box>
        )}
        <ButtonLink to="/blog-standard" variant="outlined">
          {t`Back to the blog`}
        </ButtonLink>
      </Container>
    </article>
  );
}

/** One blog post; without a slug, the latest post. */
export function BlogPostView({ slug }: { slug: string | undefined }) {
  const latest = useQuery({ ...contentQueries.blogList(1, 1), enabled: slug === undefined });
  if (slug) return <Post key={slug} slug={slug} />;
  if (latest.isPending) return <Preloader />;
  const first = latest.data?.posts[0];
  return first ? <Post slug={first.slug} /> : <NotFound />;
}
