import { useLingui } from "@lingui/react/macro";
import { productGridColumns } from "./product-grid";
import "./product-grid.css";

/** Placeholder cards while the first page of products loads. */
export function CatalogSkeleton({ count = 6, columns = 3 }: { count?: number; columns?: number }) {
  const { t } = useLingui();
  return (
    <div
      role="status"
      aria-label={t`Loading products`}
      className="ui-card-grid"
      style={productGridColumns(columns)}
    >
      {Array.from({ length: count }, (_, i) => (
        <div key={i}>
          <span className="product-grid__bone product-grid__bone--image" />
          <span className="product-grid__bone product-grid__bone--text" style={{ width: "70%" }} />
          <span className="product-grid__bone product-grid__bone--text" style={{ width: "40%" }} />
        </div>
      ))}
    </div>
  );
}
