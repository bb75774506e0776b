import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Container from "@mui/material/Container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { visuallyHidden } from "@mui/utils";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { contentQueries, type BlogPost } from "@/api/content";
import { ErrorView } from "@/components/feedback/error-view";
import { Preloader } from "@/components/feedback/preloader";
import { PageHeader } from "@/components/layout/page-header";
import { ButtonLink, RouterLink } from "@/components/router-links";
import { formatDate } from "@/i18n/format";
import { useLocale } from "@/i18n/i18n";
import { BLOG_PAGE_SIZE, blogLayoutFor } from "../utils/blog-layouts";

const TWO_COLUMNS = "repeat(2,minmax(0,1fr))";
const COLUMNS = { 1: "1fr", 2: TWO_COLUMNS, 3: "repeat(3,minmax(0,1fr))" } as const;

export function PostMeta({ post }: { post: BlogPost }) {
  const locale = useLocale();
  return (
    <Typography variant="body2" color="text.secondary">
      {formatDate(post.publishedAt, locale)} · {post.author}
      {post.category ? ` · ${post.category}` : ""}
    </Typography>
  );
}

function PostCard({ post, isFirst }: { post: BlogPost; isFirst: boolean }) {
  const title = post.title;
  return (
    <Card
      variant="outlined"
      component="article"
      sx={{ height: "100%", display: "flex", flexDirection: "column" }}
    >
      <Link to="/blog-details-standard" search={{ slug: post.slug }} tabIndex={-1} aria-hidden="true">
        <img
          src={post.image}
          alt=""
          width={600}
          height={400}
          loading={isFirst ? "eager" : "lazy"}
          fetchPriority={isFirst ? "high" : "auto"}
          decoding="async"
          style={{ display: "block", width: "100%", height: "auto" }}
        />
      </Link>
      <CardContent sx={{ flexGrow: 1, display: "flex", flexDirection: "column", gap: 1 }}>
        <PostMeta post={post} />
        <Typography variant="h2" sx={{ fontSize: "1.25rem" }}>
          <RouterLink to="/blog-details-standard" search={{ slug: post.slug }} color="inherit">
            {post.title}
          </RouterLink>
        </Typography>
        <Typography>{post.excerpt}</Typography>
        <Box sx={{ mt: "auto" }}>
          {/* The post's title is in the link's text, hidden: "Read More" alone says nothing to a screen
              reader's list of links or to a search engine (Lighthouse's link-text audit reads the text). */}
          <ButtonLink to="/blog-details-standard" search={{ slug: post.slug }} sx={{ px: 0 }}>
            <Trans>
              Read More
              <Box component="span" sx={visuallyHidden}>
                : {title}
              </Box>
            </Trans>
          </ButtonLink>
        </Box>
      </CardContent>
    </Card>
  );
}

export function BlogSidebar({ posts }: { posts: readonly BlogPost[] }) {
  const { t } = useLingui();
  const categories = [...new Set(posts.map((p) => p.category).filter((c): c is string => Boolean(c)))];
  const tags = [...new Set(posts.flatMap((p) => p.tags))];
  return (
    <Stack component="aside" aria-label={t`Blog sidebar`} spacing={3}>
      <div>
        <Typography variant="h2" sx={{ fontSize: "1.1rem", mb: 1 }}>
          {t`Recent Posts`}
        </Typography>
        <Stack component="ul" spacing={0.75} sx={{ listStyle: "none", m: 0, p: 0 }}>
          {posts.slice(0, 4).map((p) => (
            <li key={p.id}>
              <RouterLink to="/blog-details-standard" search={{ slug: p.slug }}>
                {p.title}
              </RouterLink>
            </li>
          ))}
        </Stack>
      </div>
      {categories.length > 0 && (
        <div>
          <Typography variant="h2" sx={{ fontSize: "1.1rem", mb: 1 }}>
            {t`Categories`}
          </Typography>
          <Stack component="ul" spacing={0.5} sx={{ listStyle: "none", m: 0, p: 0 }}>
            {categories.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </Stack>
        </div>
      )}
      {tags.length > 0 && (
        <div>
          <Typography variant="h2" sx={{ fontSize: "1.1rem", mb: 1 }}>
            {t`Tags`}
          </Typography>
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
            {tags.map((tag) => (
              <Chip key={tag} label={tag} size="small" variant="outlined" />
            ))}
          </Box>
        </div>
      )}
    </Stack>
  );
}

/** A page of blog posts; the variant decides where the sidebar sits and the number of columns. */
export function BlogListView({ variant, page }: { variant: string | undefined; page: number }) {
  const { t } = useLingui();
  const layout = blogLayoutFor(variant);
  const { data, isPending, isError, refetch } = useQuery(contentQueries.blogList(page, BLOG_PAGE_SIZE));
  const posts = data?.posts ?? [];
  const lastPage = data?.lastPage ?? 1;
  const columns = { xs: "1fr", sm: layout.columns > 1 ? TWO_COLUMNS : "1fr", md: COLUMNS[layout.columns] };

  const list = isPending ? (
    <Preloader />
  ) : isError && !data ? (
    <ErrorView onRetry={() => void refetch()} />
  ) : posts.length === 0 ? (
    <Typography>{t`No posts yet.`}</Typography>
  ) : (
    <>
      <Box
        component="ul"
        sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 3, gridTemplateColumns: columns }}
      >
        {posts.map((post, i) => (
          <li key={post.id}>
            <PostCard post={post} isFirst={i === 0} />
          </li>
        ))}
      </Box>
      {lastPage > 1 && (
        <Stack
          component="nav"
          aria-label={t`Blog pages`}
          direction="row"
          spacing={2}
          sx={{ mt: 4, justifyContent: "center", alignItems: "center" }}
        >
          <ButtonLink to="." search={{ page: page - 1 }} disabled={page <= 1} variant="outlined">
            {t`Newer posts`}
          </ButtonLink>
          <Typography>{t`Page ${page} of ${lastPage}`}</Typography>
          <ButtonLink to="." search={{ page: page + 1 }} disabled={page >= lastPage} variant="outlined">
            {t`Older posts`}
          </ButtonLink>
        </Stack>
      )}
    </>
  );

  return (
    <>
      <PageHeader
        title={t`Blog`}
        description={t`Riding guides, bike care and news from the Velora workshop.`}
      />
      <Container sx={{ pb: 6 }}>
        <Box
          sx={{
            display: "grid",
            gap: 4,
            gridTemplateColumns: {
              xs: "1fr",
              md: layout.sidebar === "none" ? "1fr" : layout.sidebar === "left" ? "260px 1fr" : "1fr 260px",
            },
          }}
          data-testid="blog-list"
          data-sidebar={layout.sidebar}
        >
          {layout.sidebar === "left" && <BlogSidebar posts={posts} />}
          <div>{list}</div>
          {layout.sidebar === "right" && <BlogSidebar posts={posts} />}
        </Box>
      </Container>
    </>
  );
}
