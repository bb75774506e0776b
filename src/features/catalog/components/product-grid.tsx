import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Trans } from "@lingui/react/macro";
import { Suspense, type ReactNode } from "react";
import type { Product } from "@/api/product";
import { gridListSx } from "@/components/layout/grid-list";

export interface ProductGridProps {
  products: Product[];
  /** Renders one product (e.g. a card with the route's actions); `index` lets the first ones load eagerly. */
  renderProduct: (product: Product, index: number) => ReactNode;
  /** Columns at the widest breakpoint. */
  columns?: number;
  /** One product per row (the list layouts). */
  list?: boolean;
}

/** Products in a responsive grid, or 'No Product available!' when there are none. */
export function ProductGrid({ products, renderProduct, columns = 3, list = false }: ProductGridProps) {
  if (products.length === 0) {
    return (
      <Typography role="status" sx={{ py: 6, textAlign: "center" }}>
        <Trans>No Product available!</Trans>
      </Typography>
    );
  }
  const cols = list ? { xs: 1 } : { xs: 1, sm: 2, md: Math.min(columns, 3), lg: columns };
  return (
    <Box
      component="ul"
      sx={{
        ...gridListSx,
        gap: 3,
        gridTemplateColumns: Object.fromEntries(
          Object.entries(cols).map(([bp, n]) => [bp, `repeat(${n}, minmax(0, 1fr))`]),
        ),
      }}
    >
      {/* A boundary per card: while the grid hydrates, the card a shopper clicks or types into is hydrated
          first (React's selective hydration). The boundaries do not split the commit: React 19 puts every
          server-rendered boundary at one low priority and hydrates them in one later pass (its render still
          yields every few milliseconds). */}
      {products.map((p, i) => (
        <li key={p.id}>
          <Suspense fallback={null}>{renderProduct(p, i)}</Suspense>
        </li>
      ))}
    </Box>
  );
}
