import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { rootRoute } from "./root";
import { PRODUCT_VARIANT_PATHS, SHOP_VARIANT_PATHS } from "./template-paths";

const catalogComponent = lazyRouteComponent(() => import("./catalog-page"), "CatalogPage");
const productComponent = lazyRouteComponent(() => import("./product-page"), "ProductPage");

const catalogRoute = createRoute({ getParentRoute: () => rootRoute, path: "/catalog", component: catalogComponent });
const catalogSlugRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/catalog/$slug",
  component: catalogComponent,
});
const shopRoutes = SHOP_VARIANT_PATHS.map((path) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: catalogComponent, staticData: { variant: path } }),
);

const productRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/product/$urlKey",
  component: productComponent,
  remountDeps: ({ params }) => params,
});
const productVariantRoutes = PRODUCT_VARIANT_PATHS.map((path) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path: `${path}/$id`,
    component: productComponent,
    staticData: { variant: path },
    remountDeps: ({ params }) => params,
  }),
);

export const catalogRoutes = [catalogRoute, catalogSlugRoute, ...shopRoutes, productRoute, ...productVariantRoutes];
