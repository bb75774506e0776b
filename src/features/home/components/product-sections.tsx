import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { startTransition, useDeferredValue, useEffect, useState, type ReactNode } from "react";
import { catalogQueries, type ProductListParams } from "@/api/catalog";
import type { Product } from "@/api/product";
import { ROOT_CATEGORY_ID } from "@/api/contract/category";
import { CAROUSEL_DELAY_MS } from "@/components/slider/autoplay";
import { Slider } from "@/components/slider/slider";
import { cardGrid } from "@/components/ui/card-grid";
import { HomeSection } from "./home-section";
import { useDeferredInitial } from "@/render/first-page";
import { useLocale } from "@/i18n/i18n";

export type RenderProduct = (product: Product) => ReactNode;

/** The home's product blocks: two cards a row on phones, closer together than the catalogue's. */
const HOME_GRID = cardGrid({ xs: 2, md: 3, lg: 4, gap: 16 });

/** SPEC §9: home tabs and the bestseller slider show 8 products. */
export const HOME_LIST_LIMIT = 8;
/** The category whose products the home grid shows (SPEC §2 "Homepage"). */
export const HOMEPAGE_CATEGORY_SLUG = "homepage";

export const BESTSELLER_PARAMS: ProductListParams = {
  categoryId: String(ROOT_CATEGORY_ID),
  limit: HOME_LIST_LIMIT,
  bestseller: "1",
};

function NoProducts() {
  const { t } = useLingui();
  return <p className="ui-body1 home-section__empty">{t`No Product available!`}</p>;
}

/** Cards mounted per background render: a list of eight mounted at once was one commit of ≈ 100 ms on a phone. */
const CARDS_PER_STEP = 2;

/** How many of `total` items to show: CARDS_PER_STEP at first, then CARDS_PER_STEP more per background render. */
function useStepwiseCount(total: number): number {
  const [count, setCount] = useState(CARDS_PER_STEP);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setCount((c) => c + CARDS_PER_STEP)), 0);
    return () => clearTimeout(timer);
  }, [count, total]);
  return Math.min(count, total);
}

/**
 * Products of one list, or 'No Product available!'. A failed list shows nothing (SPEC §8: product
 * list failures are silently ignored).
 */
export function ProductList({
  params,
  children,
}: {
  params: ProductListParams;
  children: (products: Product[]) => ReactNode;
}) {
  const locale = useLocale();
  const { data: fresh, isError } = useQuery(catalogQueries.list(params, locale));
  // The cards render in a background (time-sliced) pass once the list arrives.
  const initial = useDeferredInitial(null);
  const data = useDeferredValue(fresh ?? null, initial);
  const shown = useStepwiseCount(data?.data.length ?? 0);
  if (isError && !fresh) return null;
  if (!data) return <div style={{ minHeight: 320 }} aria-busy="true" />;
  const products = data.data;
  return products.length === 0 ? <NoProducts /> : <>{children(products.slice(0, shown))}</>;
}

export function ProductGrid({
  products,
  renderProduct,
}: {
  products: Product[];
  renderProduct: RenderProduct;
}) {
  return (
    <ul className="ui-card-grid" style={HOME_GRID}>
      {products.map((p) => (
        <li key={p.id}>{renderProduct(p)}</li>
      ))}
    </ul>
  );
}

/** Whether a list could not be loaded (and none was before): its section is then left out, heading and all. */
function useListFailed(params: ProductListParams): boolean {
  const locale = useLocale();
  const { data, isError } = useQuery(catalogQueries.list(params, locale));
  return isError && !data;
}

/** The bestseller slider: category 1, bestseller flag, 8 products (SPEC §7). */
export function BestsellerSlider({ renderProduct }: { renderProduct: RenderProduct }) {
  const { t } = useLingui();
  if (useListFailed(BESTSELLER_PARAMS)) return null;
  return (
    <HomeSection
      title={t`Best Sellers`}
      subtitle={t`The bikes our riders choose most`}
      testId="home-bestsellers"
    >
      <ProductList params={BESTSELLER_PARAMS}>
        {(products) => (
          <Slider
            label={t`Best sellers`}
            items={products}
            getKey={(p) => p.id}
            renderItem={(p) => renderProduct(p)}
            perView={[
              [0, 1],
              [480, 2],
              [900, 3],
              [1200, 4],
            ]}
            autoplayMs={CAROUSEL_DELAY_MS}
          />
        )}
      </ProductList>
    </HomeSection>
  );
}

/** The product grid of the Homepage category. */
const CATEGORY_GRID_PARAMS: ProductListParams = {
  categorySlug: HOMEPAGE_CATEGORY_SLUG,
  limit: HOME_LIST_LIMIT,
};

export function CategoryGrid({ renderProduct }: { renderProduct: RenderProduct }) {
  const { t } = useLingui();
  if (useListFailed(CATEGORY_GRID_PARAMS)) return null;
  return (
    <HomeSection
      title={t`Our Bicycles`}
      subtitle={t`Picked by our workshop for the season`}
      testId="home-category-grid"
    >
      <ProductList params={CATEGORY_GRID_PARAMS}>
        {(products) => <ProductGrid products={products} renderProduct={renderProduct} />}
      </ProductList>
    </HomeSection>
  );
}
