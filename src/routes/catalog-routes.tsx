import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { parseCatalogSearch, type CatalogSearch } from "@/features/catalog/utils/catalog-search";
import { rootRoute, type RouterContext } from "./root";
import { PRODUCT_VARIANT_PATHS, SHOP_VARIANT_PATHS } from "./template-paths";

const catalogComponent = lazyRouteComponent(() => import("./catalog-page"), "CatalogPage");
const productComponent = lazyRouteComponent(() => import("./product-page"), "ProductPage");

// Filters, sort and page live in the address; the requests start without blocking the page.
const listOptions = {
  validateSearch: (raw: Record<string, unknown>): CatalogSearch => parseCatalogSearch(raw),
  loaderDeps: ({ search }: { search: CatalogSearch }) => search,
};
const prefetchList = async (context: RouterContext, deps: CatalogSearch, slug?: string) => {
  const { prefetchCatalogList } = await import("@/features/catalog/loaders");
  prefetchCatalogList(context.queryClient, slug, deps);
};

const loadProduct = async (context: RouterContext, key: { urlKey?: string; id?: string }) => {
  const loaders = await import("@/features/catalog/loaders");
  await loaders.loadProduct(context.queryClient, key);
};

const catalogRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/catalog",
  ...listOptions,
  loader: ({ context, deps }) => prefetchList(context, deps),
  component: catalogComponent,
});
const catalogSlugRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/catalog/$slug",
  ...listOptions,
  loader: ({ context, deps, params }) => prefetchList(context, deps, params.slug),
  component: catalogComponent,
});
const shopRoutes = SHOP_VARIANT_PATHS.map((path) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    ...listOptions,
    loader: ({ context, deps }) => prefetchList(context, deps),
    component: catalogComponent,
    staticData: { variant: path },
  }),
);

const productRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/product/$urlKey",
  loader: ({ context, params }) => loadProduct(context, { urlKey: params.urlKey }),
  component: productComponent,
  remountDeps: ({ params }) => params,
});
const productVariantRoutes = PRODUCT_VARIANT_PATHS.map((path) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path: `${path}/$id`,
    loader: ({ context, params }) => loadProduct(context, { id: params.id }),
    component: productComponent,
    staticData: { variant: path },
    remountDeps: ({ params }) => params,
  }),
);

export const catalogRoutes = [
  catalogRoute,
  catalogSlugRoute,
  ...shopRoutes,
  productRoute,
  ...productVariantRoutes,
];
