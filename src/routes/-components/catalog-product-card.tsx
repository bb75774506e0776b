import { useLingui } from "@lingui/react/macro";
import { memo, Suspense, useState } from "react";
import type { Product } from "@/api/product";
import { AddToCartButton } from "@/features/cart/components/add-to-cart-button";
import { isOutOfStock } from "@/features/cart/utils/stock";
import { lazyThemed } from "@/components/mui/lazy-themed";
import { ProductCard } from "@/features/catalog/components/product-card";
import { CompareToggle } from "@/features/compare/components/compare-toggle";
import { WishlistToggle } from "@/features/wishlist/components/wishlist-toggle";
import { ProductPurchase } from "./product-purchase";
import { loadPurifier } from "@/utils/sanitize-html";

// A dialog: MUI, loaded with its theme when the shopper opens it.
// The quick view shows the description: DOMPurify downloads with its code, not after it.
const ProductQuickView = lazyThemed(() =>
  Promise.all([import("@/features/catalog/components/mui/product-quick-view"), loadPurifier()]).then(
    ([m]) => m.ProductQuickView,
  ),
);

/**
 * A product card with the shop's actions (cart, wishlist, compare) and a quick view. Memoised: a list that
 * re-renders (a new page of the list, the end of the cache's restore) does not re-render its unchanged cards.
 */
export const ShopProductCard = memo(function ShopProductCard({
  product,
  priority = false,
  layout,
}: {
  product: Product;
  priority?: boolean;
  layout?: "grid" | "list";
}) {
  const { t } = useLingui();
  const [quickView, setQuickView] = useState<"closed" | "open" | "loaded">("closed");
  const name = product.name;
  const openQuickView = () => setQuickView("open");
  // A bicycle with colours and sizes is chosen in the quick view, not added blindly from the card.
  const needsOptions = product.colours.length > 0 && !product.affiliateLink && !isOutOfStock(product);
  return (
    <>
      <ProductCard
        product={product}
        priority={priority}
        layout={layout}
        onQuickView={openQuickView}
        actions={
          <>
            {needsOptions ? (
              <button
                type="button"
                className="ui-btn ui-btn--contained"
                onClick={openQuickView}
                aria-label={t`Select options of ${name}`}
              >
                {t`Select Options`}
              </button>
            ) : (
              <AddToCartButton product={product} />
            )}
            <WishlistToggle product={product} />
            <CompareToggle product={product} />
          </>
        }
      />
      {quickView !== "closed" && (
        <Suspense fallback={null}>
          <ProductQuickView
            product={product}
            open={quickView === "open"}
            onClose={() => setQuickView("loaded")}
            renderPurchase={(s) => <ProductPurchase product={product} color={s.color} size={s.size} />}
          />
        </Suspense>
      )}
    </>
  );
});
