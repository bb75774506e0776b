import { Suspense, type ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import type { Product } from "@/api/product";
import { EmptyState, LinesPending } from "@/components/layout/empty-state";
import { lazyThemed } from "@/components/mui/lazy-themed";
import { useCompareList } from "../store";
import { loadCompareProducts } from "./preload-compare-products";

// Drawn with MUI: its chunk and the theme load together, only for a list with lines.
const CompareProducts = lazyThemed(() => loadCompareProducts().then((m) => m.CompareProducts));

/**
 * The compare screen. The device's list is read synchronously, so an empty one says so in the first render;
 * the table is another chunk.
 */
export function CompareView({ renderActions }: { renderActions?: (product: Product) => ReactNode }) {
  const { t } = useLingui();
  const products = useCompareList();

  if (products.length === 0) {
    return <EmptyState message={t`No items found in compare`} action={t`Add Items`} />;
  }
  return (
    <Suspense fallback={<LinesPending />}>
      <CompareProducts renderActions={renderActions} />
    </Suspense>
  );
}
