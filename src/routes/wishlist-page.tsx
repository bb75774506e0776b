import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/components/layout/page-header";
import { AddToCartButton } from "@/features/cart/components/add-to-cart-button";
import { WishlistView } from "@/features/wishlist/components/wishlist-view";

export function WishlistPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Wishlist`} />
      <WishlistView
        renderActions={({ product, remove }) => (
          <AddToCartButton product={product} size="small" onAdded={remove} />
        )}
      />
    </>
  );
}
