import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import Slider from "@mui/material/Slider";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useLingui } from "@lingui/react/macro";
import { useId, useState, type ReactNode } from "react";
import type { Category } from "@/api/contract/category";
import type { FilterGroup } from "@/api/catalog";
import { ListItemLink } from "@/components/menu-links";
import { useCurrency } from "@/i18n/currency";
import type { CatalogSearch, FilterKey } from "../utils/catalog-search";

export interface CatalogFiltersProps {
  search: CatalogSearch;
  /** the category of the path, when the page has one (its category list then links to other paths) */
  slug?: string;
  categories: Category[];
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
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Typography id={id} variant="h3" component="h2" sx={{ fontSize: "1rem", mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Category, tag, colour, size and price filters, and 'Reset filters'. */
export function CatalogFilters(props: CatalogFiltersProps) {
  const { search, slug, categories, attributes, priceRange, onFilterChange, placement = "side" } = props;
  const { t } = useLingui();
  const current = slug ?? search.category;
  const byCode = (code: string) =>
    attributes.find((a) => a.code === code)?.options.filter((o) => o.count !== 0) ?? [];
  const chips = (key: "tag" | "color" | "size", code: string, swatch = false) =>
    byCode(code).map((o) => {
      const value = o.name;
      const on = search[key]?.toLowerCase() === value.toLowerCase();
      return (
        <Chip
          key={o.id}
          label={o.label}
          variant={on ? "filled" : "outlined"}
          color={on ? "primary" : "default"}
          aria-pressed={on}
          onClick={() => onFilterChange({ [key]: on ? undefined : value })}
          icon={
            swatch && o.swatch ? (
              <Box
                component="span"
                aria-hidden="true"
                sx={{
                  width: 14,
                  height: 14,
                  borderRadius: "50%",
                  bgcolor: o.swatch,
                  border: 1,
                  borderColor: "divider",
                }}
              />
            ) : undefined
          }
        />
      );
    });

  // A filter with nothing to choose (none in this category, or a back end without filters) is not shown.
  const chipSection = (title: string, items: ReactNode[]) =>
    items.length > 0 && (
      <Section title={title}>
        <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
          {items}
        </Stack>
      </Section>
    );

  return (
    <Stack
      component="aside"
      aria-label={t`Filters`}
      direction={placement === "top" ? { xs: "column", md: "row" } : "column"}
      spacing={3}
      sx={{ flexWrap: "wrap" }}
    >
      <Section title={t`Categories`}>
        <List dense disablePadding>
          {slug ? (
            categories.map((c) => (
              <ListItem key={c.id} disablePadding>
                <ListItemLink
                  to="/catalog/$slug"
                  params={{ slug: c.slug }}
                  search={{}}
                  selected={c.slug === current}
                  aria-current={c.slug === current ? "page" : undefined}
                >
                  {c.name}
                </ListItemLink>
              </ListItem>
            ))
          ) : (
            <>
              <ListItem disablePadding>
                <ListItemButton
                  selected={!current}
                  aria-pressed={!current}
                  onClick={() => onFilterChange({ category: undefined })}
                >
                  {t`All categories`}
                </ListItemButton>
              </ListItem>
              {categories.map((c) => (
                <ListItem key={c.id} disablePadding>
                  <ListItemButton
                    selected={c.slug === current}
                    aria-pressed={c.slug === current}
                    onClick={() => onFilterChange({ category: c.slug === current ? undefined : c.slug })}
                  >
                    {c.name}
                  </ListItemButton>
                </ListItem>
              ))}
            </>
          )}
        </List>
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
      <Box>
        <Button variant="outlined" onClick={props.onResetFilters} disabled={!props.hasFilters}>
          {t`Reset filters`}
        </Button>
      </Box>
    </Stack>
  );
}

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
  const [draft, setDraft] = useState<number[]>(value);
  const step = Math.max(1, Math.round((range.max - range.min) / 100));
  const low = format(draft[0] ?? range.min);
  const high = format(draft[1] ?? range.max);
  return (
    <Box sx={{ px: 1, maxWidth: 280 }}>
      <Slider
        value={draft}
        min={Math.floor(range.min)}
        max={Math.ceil(range.max)}
        step={step}
        disableSwap
        getAriaLabel={(i) => (i === 0 ? t`Minimum price` : t`Maximum price`)}
        getAriaValueText={(v) => format(v)}
        onChange={(_, v) => setDraft(v as number[])}
        onChangeCommitted={(_, v) => {
          const [min = range.min, max = range.max] = v as number[];
          onChange([min, max]);
        }}
      />
      <Typography variant="body2" color="text.secondary">
        {t`${low} – ${high}`}
      </Typography>
    </Box>
  );
}
