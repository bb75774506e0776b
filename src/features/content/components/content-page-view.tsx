import Container from "@mui/material/Container";
import { useSuspenseQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { contentQueries } from "@/api/content";
import { NotFound } from "@/components/feedback/not-found";
import { PageHeader } from "@/components/layout/page-header";
import { usePageMeta } from "@/hooks/use-page-meta";
import { HtmlContent } from "@/components/content/html-content";

function PageNotFound() {
  usePageMeta("404");
  return <NotFound />;
}

/** A content page (page_title + sanitised html_content), or the 404 page when the server has none. */
export function ContentPageView({ slug, children }: { slug: string; children?: ReactNode }) {
  const { data: page } = useSuspenseQuery(contentQueries.page(slug));
  // Runs after PageHeader's own title effect (children first), so meta_title wins when present.
  usePageMeta(page?.meta_title || page?.page_title);
  if (!page) return <PageNotFound />;
  return (
    <article>
      <PageHeader
        title={page.page_title}
        description={page.meta_description || page.meta_title || page.page_title}
      />
      <Container sx={{ pb: 4 }}>
        <HtmlContent html={page.html_content} />
      </Container>
      {children}
    </article>
  );
}
