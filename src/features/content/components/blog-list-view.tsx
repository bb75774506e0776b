import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { contentQueries, type BlogPost } from "@/api/content";
import { ErrorView } from "@/components/feedback/error-view";
import { Preloader } from "@/components/feedback/preloader";
import { PageHeader } from "@/components/layout/page-header";
import { cardGrid } from "@/components/ui/card-grid";
import { formatDate } from "@/i18n/format";
import { useLocale } from "@/i18n/i18n";
import { BLOG_PAGE_SIZE, blogLayoutFor } from "../utils/blog-layouts";
import "./blog-list-view.css";

export function PostMeta({ post }: { post: BlogPost }) {
  const locale = useLocale();
  return (
    <p className="ui-body2 ui-muted">
      {formatDate(post.publishedAt, locale, "UTC")} · {post.author}
      {post.category ? ` · ${post.category}` : ""}
    </p>
  );
}

/** A post's tag, drawn as MUI's small outlined Chip. */
export function BlogTag({ label, role }: { label: string; role?: "listitem" }) {
  return (
    <span className="ui-chip blog-tag" role={role}>
      {label}
    </span>
  );
}

function PostCard({ post, isFirst }: { post: BlogPost; isFirst: boolean }) {
  const title = post.title;
  return (
    <article className="ui-card ui-card--outlined ui-card--column">
      <Link to="/blog-details-standard" search={{ slug: post.slug }} tabIndex={-1} aria-hidden="true">
        <img
          className="blog-card__image"
          src={post.image}
          alt=""
          width={600}
          height={400}
          loading={isFirst ? "eager" : "lazy"}
          fetchPriority={isFirst ? "high" : "auto"}
          decoding="async"
        />
      </Link>
      <div className="blog-card__content">
        <PostMeta post={post} />
        <h2 className="ui-h2 blog-card__title">
          <Link to="/blog-details-standard" search={{ slug: post.slug }} className="ui-link ui-link--inherit">
            {post.title}
          </Link>
        </h2>
        <p className="ui-body1">{post.excerpt}</p>
        <div className="blog-card__more">
          {/* The post's title is in the link's text, hidden: "Read More" alone says nothing to a screen
              reader's list of links or to a search engine (Lighthouse's link-text audit reads the text). */}
          <Link
            to="/blog-details-standard"
            search={{ slug: post.slug }}
            className="ui-btn blog-card__more-link"
          >
            <Trans>
              Read More
              <span className="ui-visually-hidden">: {title}</span>
            </Trans>
          </Link>
        </div>
      </div>
    </article>
  );
}

export function BlogSidebar({ posts }: { posts: readonly BlogPost[] }) {
  const { t } = useLingui();
  const categories = [...new Set(posts.map((p) => p.category).filter((c): c is string => Boolean(c)))];
  const tags = [...new Set(posts.flatMap((p) => p.tags))];
  return (
    <aside className="blog-sidebar" aria-label={t`Blog sidebar`}>
      <div>
        <h2 className="ui-h2 blog-sidebar__title">{t`Recent Posts`}</h2>
        <ul className="blog-sidebar__list blog-sidebar__list--posts">
          {posts.slice(0, 4).map((p) => (
            <li key={p.id}>
              <Link to="/blog-details-standard" search={{ slug: p.slug }} className="ui-link">
                {p.title}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      {categories.length > 0 && (
        <div>
          <h2 className="ui-h2 blog-sidebar__title">{t`Categories`}</h2>
          <ul className="blog-sidebar__list">
            {categories.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      )}
      {tags.length > 0 && (
        <div>
          <h2 className="ui-h2 blog-sidebar__title">{t`Tags`}</h2>
          <div className="blog-tags">
            {tags.map((tag) => (
              <BlogTag key={tag} label={tag} />
            ))}
          </div>
        </div>
      )}
    </aside>
  );
}

/** A page of blog posts; the variant decides where the sidebar sits and the number of columns. */
export function BlogListView({ variant, page }: { variant: string | undefined; page: number }) {
  const { t } = useLingui();
  const layout = blogLayoutFor(variant);
  const locale = useLocale();
  const { data, isPending, isError, refetch } = useQuery(
    contentQueries.blogList(page, BLOG_PAGE_SIZE, locale),
  );
  const posts = data?.posts ?? [];
  const lastPage = data?.lastPage ?? 1;

  const list = isPending ? (
    <Preloader />
  ) : isError && !data ? (
    <ErrorView onRetry={() => void refetch()} />
  ) : posts.length === 0 ? (
    <p className="ui-body1">{t`No posts yet.`}</p>
  ) : (
    <>
      <ul className="ui-card-grid" style={cardGrid({ sm: Math.min(layout.columns, 2), md: layout.columns })}>
        {posts.map((post, i) => (
          <li key={post.id}>
            <PostCard post={post} isFirst={i === 0} />
          </li>
        ))}
      </ul>
      {lastPage > 1 && (
        <nav className="blog-list__pages" aria-label={t`Blog pages`}>
          <Link to="." search={{ page: page - 1 }} disabled={page <= 1} className="ui-btn ui-btn--outlined">
            {t`Newer posts`}
          </Link>
          <p className="ui-body1">{t`Page ${page} of ${lastPage}`}</p>
          <Link
            to="."
            search={{ page: page + 1 }}
            disabled={page >= lastPage}
            className="ui-btn ui-btn--outlined"
          >
            {t`Older posts`}
          </Link>
        </nav>
      )}
    </>
  );

  return (
    <>
      <PageHeader
        title={t`Blog`}
        description={t`Riding guides, bike care and news from the Velora workshop.`}
      />
      <div className="ui-container blog-list__body">
        <div
          className={`blog-list blog-list--${layout.sidebar}`}
          data-testid="blog-list"
          data-sidebar={layout.sidebar}
        >
          {layout.sidebar === "left" && <BlogSidebar posts={posts} />}
          <div>{list}</div>
          {layout.sidebar === "right" && <BlogSidebar posts={posts} />}
        </div>
      </div>
    </>
  );
}
