import { useLingui } from "@lingui/react/macro";
import { useId, useState, type KeyboardEvent } from "react";
import type { ProductListParams } from "@/api/catalog";
import { HomeSection } from "./home-section";
import { HOME_LIST_LIMIT, ProductGrid, ProductList, type RenderProduct } from "./product-sections";
import "./featured-products.css";

type FeaturedTab = "new" | "bestseller" | "sale";

const FEATURED_PARAMS: Record<FeaturedTab, ProductListParams> = {
  new: { limit: HOME_LIST_LIMIT, new: "1" },
  bestseller: { limit: HOME_LIST_LIMIT, bestseller: "1" },
  sale: { limit: HOME_LIST_LIMIT, sale: "1" },
};

/** Arrow keys, Home and End move the focus along the tabs (as MUI's Tabs); a click or Enter/Space selects. */
function moveFocus(e: KeyboardEvent<HTMLButtonElement>) {
  const tabs = [...(e.currentTarget.parentElement?.children ?? [])].filter(
    (el): el is HTMLButtonElement => el instanceof HTMLButtonElement,
  );
  const at = tabs.indexOf(e.currentTarget);
  const next =
    e.key === "ArrowRight"
      ? (at + 1) % tabs.length
      : e.key === "ArrowLeft"
        ? (at - 1 + tabs.length) % tabs.length
        : e.key === "Home"
          ? 0
          : e.key === "End"
            ? tabs.length - 1
            : null;
  if (next === null) return;
  e.preventDefault();
  tabs[next]?.focus();
}

/** 'Featured Products' with New Arrivals, Best Sellers and Sale Items; Best Sellers first shown. */
export function FeaturedProducts({
  renderProduct,
  showTabBar,
}: {
  renderProduct: RenderProduct;
  showTabBar: boolean;
}) {
  const { t } = useLingui();
  const id = useId();
  const [tab, setTab] = useState<FeaturedTab>("bestseller");
  const tabs: { value: FeaturedTab; label: string }[] = [
    { value: "new", label: t`New Arrivals` },
    { value: "bestseller", label: t`Best Sellers` },
    { value: "sale", label: t`Sale Items` },
  ];
  const panel = (
    <ProductList params={FEATURED_PARAMS[tab]}>
      {(products) => <ProductGrid products={products} renderProduct={renderProduct} />}
    </ProductList>
  );
  return (
    <HomeSection title={t`Featured Products`} testId="home-featured">
      {showTabBar ? (
        <>
          <div
            role="tablist"
            aria-label={t`Featured Products`}
            className="featured-tabs"
          >
            {tabs.map((x) => (
              <button
                key={x.value}
                type="button"
                role="tab"
                className="featured-tabs__tab"
                id={`${id}-tab-${x.value}`}
                aria-controls={`${id}-panel`}
                aria-selected={x.value === tab}
                tabIndex={x.value === tab ? 0 : -1}
                onClick={() => setTab(x.value)}
                onKeyDown={moveFocus}
              >
                {x.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`}>
            {panel}
          </div>
        </>
      ) : (
        panel
      )}
    </HomeSection>
  );
}
