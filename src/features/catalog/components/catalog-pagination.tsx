import Pagination from "@mui/material/Pagination";
import { useLingui } from "@lingui/react/macro";

/** Page links of a product list (hidden when everything fits on one page). */
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
  return (
    <nav aria-label={t`Pages`}>
      <Pagination
        page={Math.min(page, pageCount)}
        count={pageCount}
        color="primary"
        onChange={(_, p) => onPageChange(p)}
        sx={{ display: "flex", justifyContent: "center", mt: 4 }}
        getItemAriaLabel={(type, p, selected) => {
          if (type === "page") return selected ? t`Page ${p}, current page` : t`Go to page ${p}`;
          if (type === "previous") return t`Go to the previous page`;
          if (type === "next") return t`Go to the next page`;
          if (type === "first") return t`Go to the first page`;
          return t`Go to the last page`;
        }}
      />
    </nav>
  );
}
