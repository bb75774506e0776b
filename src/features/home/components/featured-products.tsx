import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { ProductListParams } from "@/api/catalog";
import { HomeSection } from "./home-section";
import { HOME_LIST_LIMIT, ProductGrid, ProductList, type RenderProduct } from "./product-sections";
import { Tabs } from "@/components/ui/tabs";
import "./featured-products.css";

type FeaturedTab = "new" | "bestseller" | "sale";

const FEATURED_PARAMS: Record<FeaturedTab, ProductListParams> = {
  new: { limit: HOME_LIST_LIMIT, new: "1" },
  bestseller: { limit: HOME_LIST_LIMIT, bestseller: "1" },
  sale: { limit: HOME_LIST_LIMIT, sale: "1" },
};

/** 'Featured Products' with New Arrivals, Best Sellers and Sale Items; Best Sellers first shown. */
export function FeaturedProducts({
  renderProduct,
  showTabBar,
}: {
  renderProduct: RenderProduct;
  showTabBar: boolean;
}) {
  const { t } = useLingui();
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
        <Tabs
          label={t`Featured Products`}
          tabs={tabs}
          selected={tab}
          onSelect={setTab}
          className="featured-tabs"
        >
          {panel}
        </Tabs>
      ) : (
        panel
      )}
    </HomeSection>
  );
}
