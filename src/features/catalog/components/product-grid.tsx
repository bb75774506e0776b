import { Trans } from "@lingui/react/macro";
import { Suspense, type ReactNode } from "react";
import type { Product } from "@/api/product";
import { cardGrid } from "@/components/ui/card-grid";
import "./product-grid.css";

export interface ProductGridProps {
  products: Product[];
  /** Renders one product (e.g. a card with the route's actions); `index` lets the first ones load eagerly. */
  renderProduct: (product: Product, index: number) => ReactNode;
  /** Columns at the widest breakpoint. */
  columns?: number;
  /** One product per row (the list layouts). */
  list?: boolean;
}

/** The grid's columns: one on phones, two from 600 px, up to three from 900 px and `columns` from 1200 px. */
export function productGridColumns(columns: number) {
  return cardGrid({ sm: 2, md: Math.min(columns, 3), lg: columns });
}

/**
 * Products in a responsive grid (one column on phones, two from 600 px, up to three from 900 px and `columns`
 * from 1200 px), or 'No Product available!' when there are none.
 */
export function ProductGrid({ products, renderProduct, columns = 3, list = false }: ProductGridProps) {
  if (products.length === 0) {
    return (
      <p role="status" className="ui-body1 product-grid__empty">
        <Trans>No Product available!</Trans>
      </p>
    );
  }
  return (
    <ul className="ui-card-grid" style={list ? undefined : productGridColumns(columns)}>
      {/* A boundary per card: while the grid hydrates, the card a shopper clicks or types into is hydrated
          first (React's selective hydration). The boundaries do not split the commit: React 19 puts every
          server-rendered boundary at one low priority and hydrates them in one later pass (its render still
          yields every few milliseconds). */}
      {products.map((p, i) => (
        <li key={p.id}>
          <Suspense fallback={null}>{renderProduct(p, i)}</Suspense>
        </li>
      ))}
    </ul>
  );
}
