import type { ReactNode } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { useLingui } from "@lingui/react/macro";
import type { Product } from "@/api/product";
import { Preloader } from "@/components/feedback/preloader";
import { useProductSearch } from "../hooks/use-product-search";
import { SearchForm } from "./search-form";

/** The search page: the field, then the results (server online, the device's saved products offline). */
export function SearchView({
  query,
  renderProduct,
}: {
  query: string;
  renderProduct: (p: Product) => ReactNode;
}) {
  const { t } = useLingui();
  const { products, isPending, savedOnDevice } = useProductSearch(query);
  return (
    <Container sx={{ py: 4 }}>
      <SearchForm key={query} initial={query} />
      {savedOnDevice && (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="search-saved-note">
          {t`Showing results saved on this device`}
        </Alert>
      )}
      {query.trim() === "" ? null : isPending ? (
        <Preloader />
      ) : products.length === 0 ? (
        <Typography sx={{ mt: 4 }}>{t`No bicycles match "${query}".`}</Typography>
      ) : (
        <Box
          component="ul"
          aria-label={t`Search results`}
          sx={{
            listStyle: "none",
            p: 0,
            mt: 3,
            display: "grid",
            gap: 3,
            gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, 1fr)" },
          }}
        >
          {products.map((p) => (
            <li key={p.id}>{renderProduct(p)}</li>
          ))}
        </Box>
      )}
    </Container>
  );
}
