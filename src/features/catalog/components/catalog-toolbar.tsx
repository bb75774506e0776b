import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { SORT_OPTIONS, type SortOption } from "../utils/catalog-search";
import "./catalog-toolbar.css";

const SORT_LABELS = {
  default: msg({ message: "Default", comment: "catalogue sort order" }),
  priceHighToLow: msg`Price - High to Low`,
  priceLowToHigh: msg`Price - Low to High`,
} as const;

/** The result count (none when the list failed) and the sort choice. */
export function CatalogToolbar({
  total,
  sort,
  onSortChange,
}: {
  /** null: no count to give (the list could not be loaded) */
  total: number | null;
  sort: SortOption;
  onSortChange: (sort: SortOption) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="catalog-toolbar">
      <p role="status" aria-live="polite" className="ui-body1 catalog-toolbar__count">
        {total !== null && t`${total} products`}
      </p>
      {/* A native <select>: the phone's own picker, and no menu, popover and modal to load and hydrate. */}
      <div className="catalog-toolbar__sort">
        <label htmlFor={id} className="catalog-toolbar__label">
          {t`Sort by`}
        </label>
        <select
          id={id}
          className="catalog-toolbar__select"
          value={sort}
          onChange={(e) => onSortChange(e.target.value as SortOption)}
        >
          {SORT_OPTIONS.map((o) => (
            <option key={o} value={o}>
              {t(SORT_LABELS[o])}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
