import { useLingui } from "@lingui/react/macro";
import { Suspense, useDeferredValue, type ReactNode } from "react";
import type { Product } from "@/api/product";
import { NotFound } from "@/components/feedback/not-found";
import { PageHeader } from "@/components/layout/page-header";
import { useCatalogList } from "../hooks/use-catalog-list";
import type { CatalogSearch } from "../utils/catalog-search";
import { shopLayoutOf } from "../utils/shop-layouts";
import { CatalogFilters } from "./catalog-filters";
import { CatalogPagination } from "./catalog-pagination";
import { CatalogSkeleton } from "./catalog-skeleton";
import { CatalogToolbar } from "./catalog-toolbar";
import { AsOfNotice } from "@/components/feedback/as-of-notice";
import { ProductGrid } from "./product-grid";
import { useDeferredInitial } from "@/render/first-page";
import { isHistoryTraversal } from "@/utils/history-traversal";
import "./catalog-view.css";

export interface CatalogViewProps {
  slug?: string;
  search: CatalogSearch;
  /** the shop variant path (SPEC §2), which picks the layout */
  variant?: string;
  /** one product of the list; `priority` is true for the first screen's cards */
  renderProduct: (product: Product, options: { priority: boolean; list: boolean }) => ReactNode;
  /** shown above the toolbar (e.g. "Save for offline"); its row keeps its height while it loads */
  actions?: ReactNode;
}

/** A catalogue page: header with breadcrumbs, filters, sort, products and pages, laid out per variant. */
export function CatalogView({ slug, search, variant, renderProduct, actions }: CatalogViewProps) {
  const { t } = useLingui();
  const layout = shopLayoutOf(variant);
  const c = useCatalogList({ slug, search });
  // New cards render in a background (time-sliced) pass; until then the skeleton or the last list stays.
  // Back or forward to a list already loaded: its cards at once, so the restored position fits the page.
  const shown = c.isLoading ? null : c.products;
  const initial = useDeferredInitial(null);
  const products = useDeferredValue(shown, isHistoryTraversal() ? shown : initial);
  if (c.isUnknownCategory) return <NotFound />;
  const title = c.categoryName ?? (slug ? "" : t`Shop`);
  const list = layout.view === "list";
  const filters =
    layout.filters === "none" ? null : (
      // Its own boundary: hydrated apart from the cards, in tasks of its own.
      <Suspense fallback={null}>
        <CatalogFilters
          search={search}
          slug={slug}
          categories={c.categories}
          childCategories={c.childCategories}
          attributes={c.attributes}
          priceRange={c.priceRange}
          hasFilters={c.hasFilters}
          onFilterChange={c.onFilterChange}
          onResetFilters={c.onResetFilters}
          placement={layout.filters === "top" ? "top" : "side"}
        />
      </Suspense>
    );
  const side = layout.filters === "left" || layout.filters === "right";
  return (
    <>
      <PageHeader
        title={title}
        description={title ? t`${title}: bicycles of Velora, with prices, colours and sizes.` : undefined}
      />
      <div
        className={
          layout.fullWidth ? "ui-container catalog-view catalog-view--full" : "ui-container catalog-view"
        }
      >
        {layout.filters === "top" && <div className="catalog-view__top">{filters}</div>}
        <div className={`catalog-view__body catalog-view__body--${layout.filters}`}>
          {side && <div className="catalog-view__side">{filters}</div>}
          <div>
            {actions && <div className="catalog-view__actions">{actions}</div>}
            <CatalogToolbar total={c.isFailed ? null : c.total} sort={c.sort} onSortChange={c.onSortChange} />
            <AsOfNotice updatedAt={c.updatedAt} />
            <div className="catalog-view__progress">
              {c.isFetching && !c.isLoading && <div className="catalog-view__bar" aria-hidden="true" />}
            </div>
            {c.isFailed ? (
              <div className="catalog-view__failed">
                <p className="ui-body1">{t`The products could not be loaded.`}</p>
                <button type="button" className="ui-btn ui-btn--outlined" onClick={c.retry}>
                  {t`Try again`}
                </button>
              </div>
            ) : products === null ? (
              <CatalogSkeleton columns={layout.columns} />
            ) : (
              <ProductGrid
                products={products}
                columns={layout.columns}
                list={list && layout.columns === 1}
                renderProduct={(p, i) => renderProduct(p, { priority: i < (list ? 1 : 2), list })}
              />
            )}
            <CatalogPagination page={c.page} pageCount={c.pageCount} onPageChange={c.onPageChange} />
          </div>
        </div>
      </div>
    </>
  );
}
