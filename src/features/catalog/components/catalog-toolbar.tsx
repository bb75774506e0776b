import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { SORT_OPTIONS, type SortOption } from "../utils/catalog-search";

const SORT_LABELS = {
  default: msg({ message: "Default", comment: "catalogue sort order" }),
  priceHighToLow: msg`Price - High to Low`,
  priceLowToHigh: msg`Price - Low to High`,
} as const;

/** The result count and the sort choice. */
export function CatalogToolbar({
  total,
  sort,
  onSortChange,
}: {
  total: number;
  sort: SortOption;
  onSortChange: (sort: SortOption) => void;
}) {
  const { t } = useLingui();
  return (
    <Stack
      direction={{ xs: "column", sm: "row" }}
      spacing={2}
      sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 3 }}
    >
      <Typography role="status" aria-live="polite">
        {t`${total} products`}
      </Typography>
      {/* A native <select>: the phone's own picker, and no menu, popover and modal to load and hydrate. */}
      <TextField
        select
        size="small"
        label={t`Sort by`}
        value={sort}
        onChange={(e) => onSortChange(e.target.value as SortOption)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 220 }}
      >
        {SORT_OPTIONS.map((o) => (
          <option key={o} value={o}>
            {t(SORT_LABELS[o])}
          </option>
        ))}
      </TextField>
    </Stack>
  );
}
