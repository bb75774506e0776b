import { useLingui } from "@lingui/react/macro";
import { ChevronLeftIcon, ChevronRightIcon } from "@/components/ui/icons";
import { pageItems } from "../utils/page-items";
import "./catalog-pagination.css";

/** Page buttons of a product list (hidden when everything fits on one page), drawn as MUI's Pagination drew them. */
export function CatalogPagination({
  page,
  pageCount,
  onPageChange,
}: {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useLingui();
  if (pageCount <= 1) return null;
  const current = Math.min(page, pageCount);
  return (
    <nav aria-label={t`Pages`} className="catalog-pagination">
      <ul className="catalog-pagination__list">
        <li>
          <button
            type="button"
            className="catalog-pagination__item"
            aria-label={t`Go to the previous page`}
            disabled={current <= 1}
            onClick={() => onPageChange(current - 1)}
          >
            <ChevronLeftIcon />
          </button>
        </li>
        {pageItems(current, pageCount).map((item) => {
          if (item.type === "gap")
            return (
              <li key={item.key}>
                <div className="catalog-pagination__item catalog-pagination__gap">…</div>
              </li>
            );
          const p = item.page;
          const selected = p === current;
          return (
            <li key={p}>
              <button
                type="button"
                className="catalog-pagination__item"
                aria-current={selected ? "page" : undefined}
                aria-label={selected ? t`Page ${p}, current page` : t`Go to page ${p}`}
                onClick={() => onPageChange(p)}
              >
                {p}
              </button>
            </li>
          );
        })}
        <li>
          <button
            type="button"
            className="catalog-pagination__item"
            aria-label={t`Go to the next page`}
            disabled={current >= pageCount}
            onClick={() => onPageChange(current + 1)}
          >
            <ChevronRightIcon />
          </button>
        </li>
      </ul>
    </nav>
  );
}
