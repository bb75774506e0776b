import { useMatches } from "@tanstack/react-router";
import type { Product } from "@/api/contract/product";
import { HomeView } from "@/features/home/components/home-view";
import { ShopProductCard } from "./-components/catalog-product-card";

const renderProduct = (product: Product) => <ShopProductCard product={product} />;

export function HomePage() {
  const variant = useMatches({ select: (matches) => matches.at(-1)?.staticData.variant });
  return <HomeView key={variant} variant={variant} renderProduct={renderProduct} />;
}
