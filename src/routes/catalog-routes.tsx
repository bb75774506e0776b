import { createRoute } from "@tanstack/react-router";
import { asPageCode } from "@/render/lazy-page";
import { parseCatalogSearch, type CatalogSearch } from "@/features/catalog/utils/catalog-search";
import { pageComponent } from "./page-component";
import { rootRoute } from "./root";
import { PRODUCT_VARIANT_PATHS, SHOP_VARIANT_PATHS } from "./template-paths";

const catalogComponent = pageComponent(() => import("./catalog-page"), "CatalogPage");
const productComponent = pageComponent(() => import("./product-page"), "ProductPage");
// The loaders live in the catalogue's chunk, not in the entry.
const loaders = asPageCode(() => import("@/features/catalog/loaders"));

// Filters, sort and page live in the address; the list requests start without blocking the page.
const listOptions = {
  validateSearch: (raw: Record<string, unknown>): CatalogSearch => parseCatalogSearch(raw),
  loaderDeps: ({ search }: { search: CatalogSearch }) => search,
};

function createListRoute<const P extends "/catalog" | (typeof SHOP_VARIANT_PATHS)[number]>(path: P) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    ...listOptions,
    loader: async ({ context, deps }) =>
      (await loaders()).prefetchCatalogList(context.queryClient, context.locale(), undefined, deps),
    component: catalogComponent,
    staticData: { variant: path },
  });
}
// `/catalog` on its own, so that links to it keep their own route type.
const catalogRoute = createListRoute("/catalog");
const listRoutes = [catalogRoute, ...SHOP_VARIANT_PATHS.map((path) => createListRoute(path))];
const catalogSlugRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/catalog/$slug",
  ...listOptions,
  loader: async ({ context, deps, params }) =>
    (await loaders()).prefetchCatalogList(context.queryClient, context.locale(), params.slug, deps),
  component: catalogComponent,
});

const productRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/product/$urlKey",
  loader: async ({ context, params }) =>
    (await loaders()).loadProduct(context.queryClient, context.locale(), { urlKey: params.urlKey }),
  component: productComponent,
  staticData: { showsServerHtml: true },
  remountDeps: ({ params }) => params,
});
const productVariantRoutes = PRODUCT_VARIANT_PATHS.map((path) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path: `${path}/$id`,
    loader: async ({ context, params }) =>
      (await loaders()).loadProduct(context.queryClient, context.locale(), { id: params.id }),
    component: productComponent,
    staticData: { variant: path, showsServerHtml: true },
    remountDeps: ({ params }) => params,
  }),
);

const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/search",
  validateSearch: (raw: Record<string, unknown>): { q: string } => ({
    q: typeof raw.q === "string" ? raw.q.slice(0, 200) : typeof raw.q === "number" ? String(raw.q) : "",
  }),
  component: pageComponent(() => import("./search-page"), "SearchPage"),
});

export const catalogRoutes = [
  ...listRoutes,
  catalogSlugRoute,
  productRoute,
  ...productVariantRoutes,
  searchRoute,
];
