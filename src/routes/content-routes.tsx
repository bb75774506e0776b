import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { NotFound } from "@/components/feedback/not-found";
import { rootRoute } from "./root";
import { BLOG_VARIANT_PATHS, HOME_VARIANT_PATHS } from "./template-paths";

const homeComponent = lazyRouteComponent(() => import("./home-page"), "HomePage");

const homeRoutes = ["/", "/huge-home", ...HOME_VARIANT_PATHS].map((path) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: homeComponent, staticData: { variant: path } }),
);

const pageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/page/$slug",
  component: lazyRouteComponent(() => import("./page-page"), "ContentPage"),
});

const contactRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/contact",
  component: lazyRouteComponent(() => import("./contact-page"), "ContactPage"),
});

const blogComponent = lazyRouteComponent(() => import("./blog-page"), "BlogPage");
const blogRoutes = BLOG_VARIANT_PATHS.map((path) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: blogComponent, staticData: { variant: path } }),
);

const notFoundRoute = createRoute({ getParentRoute: () => rootRoute, path: "/not-found", component: NotFound });

export const contentRoutes = [...homeRoutes, pageRoute, contactRoute, ...blogRoutes, notFoundRoute];
