import { lazy, Suspense, type ReactNode } from "react";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { useLingui } from "@lingui/react/macro";
import type { Product } from "@/api/product";
import { ButtonLink } from "@/components/router-links";
import { useCompareList } from "../store";
import { loadCompareProducts } from "./preload-compare-products";

const CompareProducts = lazy(() => loadCompareProducts().then((m) => ({ default: m.CompareProducts })));

/**
 * The compare screen. The device's list is read synchronously, so an empty one says so in the first render;
 * the table is another chunk.
 */
export function CompareView({ renderActions }: { renderActions?: (product: Product) => ReactNode }) {
  const { t } = useLingui();
  const products = useCompareList();

  if (products.length === 0) {
    return (
      <Container sx={{ py: 6, textAlign: "center" }}>
        <Typography variant="h2" component="p" gutterBottom>
          {t`No items found in compare`}
        </Typography>
        <ButtonLink to="/catalog" variant="contained">
          {t`Add Items`}
        </ButtonLink>
      </Container>
    );
  }
  return (
    <Suspense fallback={<Container aria-busy="true" sx={{ minHeight: "50vh" }} />}>
      <CompareProducts renderActions={renderActions} />
    </Suspense>
  );
}
