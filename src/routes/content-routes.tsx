import { createRoute } from "@tanstack/react-router";
import { lazyPage } from "@/render/lazy-page";
import { z } from "zod/mini";
import { contentQueries } from "@/api/content";
import { NotFound } from "@/components/feedback/not-found";
import { pageComponent } from "./page-component";
import { rootRoute } from "./root";
import { BLOG_DETAILS_PATH, BLOG_PAGE_SIZE } from "@/features/content/utils/blog-layouts";
import { BLOG_VARIANT_PATHS, HOME_VARIANT_PATHS } from "./template-paths";

const homeComponent = lazyPage(() => import("./home-page"), "HomePage");

const homeRoutes = ["/", "/huge-home", ...HOME_VARIANT_PATHS].map((path) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    // Starts the hero banners (the LCP image) without waiting for them: the page renders its skeleton at
    // once (the server renderer waits for the requests the loaders started).
    loader: ({ context }) => {
      void context.queryClient.prefetchQuery(contentQueries.banners(context.locale()));
    },
    component: homeComponent,
    staticData: { variant: path },
  }),
);

const pageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/page/$slug",
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(contentQueries.page(params.slug, context.locale()));
  },
  component: pageComponent(() => import("./page-page"), "ContentPage"),
  staticData: { showsServerHtml: true },
});

const contactRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/contact",
  component: pageComponent(() => import("./contact-page"), "ContactPage"),
});

const blogSearch = z.lazy(() =>
  z.object({
    page: z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(1000))), undefined),
    /** the post of /blog-details-standard; the latest post when absent */
    slug: z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(200))), undefined),
  }),
);

const blogListComponent = pageComponent(() => import("./blog-page"), "BlogPage");
const blogPostComponent = pageComponent(() => import("./blog-post-page"), "BlogPostPage");
const blogRoutes = BLOG_VARIANT_PATHS.map((path) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    validateSearch: blogSearch,
    loaderDeps: ({ search }) => search,
    // The posts (or the post) the page shows, so the server renders them; the page does not wait for them.
    loader: async ({ context: { queryClient, locale: localeNow }, deps }) => {
      const locale = localeNow();
      if (path !== BLOG_DETAILS_PATH) {
        void queryClient.prefetchQuery(contentQueries.blogList(deps.page ?? 1, BLOG_PAGE_SIZE, locale));
        return;
      }
      const slug =
        deps.slug ??
        (await queryClient.ensureQueryData(contentQueries.blogList(1, 1, locale)).catch(() => null))?.posts[0]
          ?.slug;
      if (slug) void queryClient.prefetchQuery(contentQueries.blogPost(slug, locale));
    },
    component: path === BLOG_DETAILS_PATH ? blogPostComponent : blogListComponent,
    staticData: { variant: path, showsServerHtml: path === BLOG_DETAILS_PATH },
  }),
);

const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/not-found",
  component: NotFound,
});

export const contentRoutes = [...homeRoutes, pageRoute, contactRoute, ...blogRoutes, notFoundRoute];
