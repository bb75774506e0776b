import { getRouteApi } from "@tanstack/react-router";
import { ContentPageView } from "@/features/content/components/content-page-view";
import { AboutBlocks, Counters, Team } from "@/features/home/components/content-sections";

const route = getRouteApi("/page/$slug");

/** The about-us page also shows the about blocks, the counters and the team (GET about). */
const ABOUT_SLUG = "about-us";

export function ContentPage() {
  const { slug } = route.useParams();
  return (
    <ContentPageView key={slug} slug={slug}>
      {slug === ABOUT_SLUG && (
        <>
          <AboutBlocks />
          <Counters />
          <Team />
        </>
      )}
    </ContentPageView>
  );
}
