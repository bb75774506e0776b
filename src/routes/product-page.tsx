import { useMatch } from "@tanstack/react-router";
import { ProductDetail } from "@/features/catalog/components/product-detail";
import { RecentlyViewed } from "@/features/recently-viewed/components/recently-viewed";
import { ShowroomRequests } from "@/features/showroom/components/showroom-requests";
import { ShopProductCard } from "./-components/catalog-product-card";
import { ProductPurchase } from "./-components/product-purchase";

/** /product/{urlKey} and the product variants taking an id: one detail layout, configured by the variant. */
export function ProductPage() {
  const match = useMatch({ strict: false });
  const params = match.params as { urlKey?: string; id?: string };
  return (
    <ProductDetail
      urlKey={params.urlKey}
      id={params.id !== undefined ? Number(params.id) : undefined}
      variant={match.staticData?.variant}
      renderPurchase={(product, s) => (
        <>
          <ProductPurchase key={`${s.color}-${s.size}`} product={product} color={s.color} size={s.size} />
          <ShowroomRequests product={product} color={s.color} size={s.size} />
        </>
      )}
      renderProduct={(product) => <ShopProductCard product={product} />}
      renderAfter={(product) => (
        <RecentlyViewed
          current={{
            id: product.id,
            urlKey: product.urlKey,
            name: product.name,
            image: product.images[0]?.small ?? null,
          }}
        />
      )}
    />
  );
}
