import { Trans, useLingui } from "@lingui/react/macro";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useLocale } from "@/i18n/i18n";
import { contentQueries, PAGES_UNAVAILABLE } from "@/api/content";
import { NotFound } from "@/components/feedback/not-found";
import { PageHeader } from "@/components/layout/page-header";
import { usePageMeta } from "@/hooks/use-page-meta";
import { HtmlContent } from "@/components/content/html-content";
import { useServerStatus } from "@/render/server-render";
import "./content-page-view.css";

function PageNotFound() {
  usePageMeta("404");
  return <NotFound />;
}

/** The back end has no content pages (a stock Bagisto): said plainly, with the way back. */
function PageUnavailable() {
  const { t } = useLingui();
  useServerStatus(404);
  return (
    <article>
      <PageHeader title={t`Page not available`} />
      <div className="ui-container content-page__body">
        <p className="ui-body1 content-page__text">
          <Trans>This page is not available in this shop.</Trans>
        </p>
        <Link to="/" className="ui-btn ui-btn--contained">
          <Trans>Back to home page</Trans>
        </Link>
      </div>
    </article>
  );
}

/** A content page (title + sanitised HTML), or the 404 page when the server has none. */
export function ContentPageView({ slug, children }: { slug: string; children?: ReactNode }) {
  const locale = useLocale();
  const { data } = useSuspenseQuery(contentQueries.page(slug, locale));
  const page = data === PAGES_UNAVAILABLE ? null : data;
  // Runs after PageHeader's own title effect (children first), so the meta title wins when present.
  usePageMeta(page?.metaTitle, page?.metaDescription);
  if (data === PAGES_UNAVAILABLE) return <PageUnavailable />;
  if (!page) return <PageNotFound />;
  return (
    <article>
      <PageHeader title={page.title} description={page.metaDescription} />
      <div className="ui-container content-page__body">
        <HtmlContent html={page.html} />
      </div>
      {children}
    </article>
  );
}
