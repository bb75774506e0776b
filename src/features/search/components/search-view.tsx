import type { ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import type { Product } from "@/api/product";
import { Preloader } from "@/components/feedback/preloader";
import { Alert } from "@/components/ui/alert";
import { useProductSearch } from "../hooks/use-product-search";
import { SearchForm } from "./search-form";
import "./search-view.css";

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
    <div className="ui-container search-view">
      <SearchForm key={query} initial={query} />
      {savedOnDevice && (
        <div className="search-view__note" data-testid="search-saved-note">
          <Alert severity="info">{t`Showing results saved on this device`}</Alert>
        </div>
      )}
      {query.trim() === "" ? null : isPending ? (
        <Preloader />
      ) : products.length === 0 ? (
        <p className="ui-body1 search-view__empty">{t`No bicycles match "${query}".`}</p>
      ) : (
        <ul aria-label={t`Search results`} className="search-view__results">
          {products.map((p) => (
            <li key={p.id}>{renderProduct(p)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
