import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from "react";
import type { Category } from "@/api/contract/category";
import type { FilterGroup } from "@/api/catalog";
import { useCurrency } from "@/i18n/currency";
import type { CatalogSearch, FilterKey } from "../utils/catalog-search";
import "./catalog-filters.css";

export interface CatalogFiltersProps {
  search: CatalogSearch;
  /** the category of the path, when the page has one (its category list then links to other paths) */
  slug?: string;
  categories: Category[];
  /** the child categories of the path's category, listed under it */
  childCategories?: Category[];
  attributes: FilterGroup[];
  priceRange?: { min: number; max: number };
  hasFilters: boolean;
  onFilterChange: (patch: Partial<Pick<CatalogSearch, FilterKey>>) => void;
  onResetFilters: () => void;
  /** side: stacked sections; top: sections in a row */
  placement?: "side" | "top";
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="catalog-filters__section">
      <h2 id={id} className="ui-h3 catalog-filters__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Category, tag, colour, size and price filters, and 'Reset filters'. */
export function CatalogFilters(props: CatalogFiltersProps) {
  const {
    search,
    slug,
    categories,
    childCategories = [],
    attributes,
    priceRange,
    onFilterChange,
    placement = "side",
  } = props;
  const { t } = useLingui();
  const current = slug ?? search.category;
  const byCode = (code: string) =>
    attributes.find((a) => a.code === code)?.options.filter((o) => o.count !== 0) ?? [];
  const chips = (key: "tag" | "color" | "size", code: string, swatch = false) =>
    byCode(code).map((o) => {
      const value = o.name;
      const on = search[key]?.toLowerCase() === value.toLowerCase();
      return (
        <button
          key={o.id}
          type="button"
          className="ui-chip catalog-filters__chip"
          aria-pressed={on}
          onClick={() => onFilterChange({ [key]: on ? undefined : value })}
        >
          {swatch && o.swatch && (
            <span
              aria-hidden="true"
              className="catalog-filters__swatch"
              style={{ backgroundColor: o.swatch }}
            />
          )}
          {o.label}
        </button>
      );
    });

  // A filter with nothing to choose (none in this category, or a back end without filters) is not shown.
  const chipSection = (title: string, items: ReactNode[]) =>
    items.length > 0 && (
      <Section title={title}>
        <div className="catalog-filters__chips">{items}</div>
      </Section>
    );

  return (
    <aside
      aria-label={t`Filters`}
      className={placement === "top" ? "catalog-filters catalog-filters--top" : "catalog-filters"}
    >
      <Section title={t`Categories`}>
        <ul className="catalog-filters__list">
          {slug ? (
            categories.map((c) => (
              <li key={c.id}>
                <Link
                  to="/catalog/$slug"
                  params={{ slug: c.slug }}
                  search={{}}
                  className="catalog-filters__item"
                  aria-current={c.slug === current ? "page" : undefined}
                >
                  {c.name}
                </Link>
                {c.slug === current && childCategories.length > 0 && (
                  <ul className="catalog-filters__list catalog-filters__list--children">
                    {childCategories.map((child) => (
                      <li key={child.id}>
                        <Link
                          to="/catalog/$slug"
                          params={{ slug: child.slug }}
                          search={{}}
                          className="catalog-filters__item"
                        >
                          {child.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))
          ) : (
            <>
              <li>
                <button
                  type="button"
                  className="catalog-filters__item"
                  aria-pressed={!current}
                  onClick={() => onFilterChange({ category: undefined })}
                >
                  {t`All categories`}
                </button>
              </li>
              {categories.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className="catalog-filters__item"
                    aria-pressed={c.slug === current}
                    onClick={() => onFilterChange({ category: c.slug === current ? undefined : c.slug })}
                  >
                    {c.name}
                  </button>
                </li>
              ))}
            </>
          )}
        </ul>
      </Section>
      {chipSection(t`Tag`, chips("tag", "tag"))}
      {chipSection(t`Colour`, chips("color", "color", true))}
      {chipSection(t`Size`, chips("size", "size"))}
      {priceRange && priceRange.max > priceRange.min && (
        <Section title={t`Price`}>
          <PriceFilter
            key={`${search.minPrice ?? ""}-${search.maxPrice ?? ""}`}
            range={priceRange}
            value={[search.minPrice ?? priceRange.min, search.maxPrice ?? priceRange.max]}
            onChange={([min, max]) =>
              onFilterChange({
                minPrice: min > priceRange.min ? min : undefined,
                maxPrice: max < priceRange.max ? max : undefined,
              })
            }
          />
        </Section>
      )}
      <div>
        <button
          type="button"
          className="ui-btn ui-btn--outlined"
          onClick={props.onResetFilters}
          disabled={!props.hasFilters}
        >
          {t`Reset filters`}
        </button>
      </div>
    </aside>
  );
}

/** Two native range inputs on one track (MUI's range Slider): the thumbs cannot pass each other. */
function PriceFilter({
  range,
  value,
  onChange,
}: {
  range: { min: number; max: number };
  value: [number, number];
  onChange: (value: [number, number]) => void;
}) {
  const { t } = useLingui();
  const { format } = useCurrency();
  const [draft, setDraft] = useState<[number, number]>(value);
  const lowInput = useRef<HTMLInputElement>(null);
  const highInput = useRef<HTMLInputElement>(null);
  const min = Math.floor(range.min);
  const step = Math.max(1, Math.round((range.max - range.min) / 100));
  // The last step may pass the highest price (a range input's values are min + n × step): it stands for it.
  const max = min + Math.ceil((Math.ceil(range.max) - min) / step) * step;
  const clamp = (v: number) => Math.min(Math.max(v, range.min), range.max);
  const [from, to] = draft;
  // The filter applies when the shopper lets go of a thumb or presses a key: the native `change` event, which
  // React's onChange (fired on every `input`) does not tell apart. Its values are read from the inputs, so they
  // do not depend on when React rendered the last `input`.
  const commit = useEffectEvent((moved: EventTarget | null) => {
    const a = clamp(Number(lowInput.current?.value ?? from));
    const b = clamp(Number(highInput.current?.value ?? to));
    onChange(moved === lowInput.current ? [Math.min(a, b), b] : [a, Math.max(a, b)]);
  });
  useEffect(() => {
    const inputs = [lowInput.current, highInput.current];
    const onCommit = (e: Event) => commit(e.target);
    inputs.forEach((input) => input?.addEventListener("change", onCommit));
    return () => inputs.forEach((input) => input?.removeEventListener("change", onCommit));
  }, []);
  const percent = (v: number) => ((v - min) / (max - min)) * 100;
  const low = format(from);
  const high = format(to);
  return (
    <div className="catalog-filters__price">
      <div className="catalog-filters__slider">
        <span
          className="catalog-filters__track"
          style={{ left: `${percent(from)}%`, right: `${100 - percent(to)}%` }}
        />
        <input
          ref={lowInput}
          type="range"
          className="catalog-filters__range"
          min={min}
          max={max}
          step={step}
          value={from}
          aria-label={t`Minimum price`}
          aria-valuetext={low}
          onChange={(e) => setDraft([Math.min(clamp(Number(e.target.value)), to), to])}
        />
        <input
          ref={highInput}
          type="range"
          className="catalog-filters__range"
          min={min}
          max={max}
          step={step}
          value={to}
          aria-label={t`Maximum price`}
          aria-valuetext={high}
          onChange={(e) => setDraft([from, Math.max(clamp(Number(e.target.value)), from)])}
        />
      </div>
      <p className="ui-body2 ui-muted catalog-filters__range-text">{t`${low} – ${high}`}</p>
    </div>
  );
}
