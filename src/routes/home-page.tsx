import { useMatches } from "@tanstack/react-router";
import { lazy } from "react";
import type { Product } from "@/api/product";
import { HomeView } from "@/features/home/components/home-view";
import { relatedProductsParams } from "@/features/catalog/utils/related-products";
import { SaveForOffline } from "@/features/offline-packs/components/save-for-offline";

// Product cards only appear below the hero, so their code (cart, wishlist, compare, quick view) loads
// after the first screen; the import starts as soon as the home page does.
const cardModule = import("./-components/catalog-product-card");
const ShopProductCard = lazy(() => cardModule.then((m) => ({ default: m.ShopProductCard })));

const renderProduct = (product: Product) => <ShopProductCard product={product} />;
// The home page saves the whole catalogue; its product pages also ask for the newest bicycles.
const saveForOffline = <SaveForOffline extraLists={[relatedProductsParams]} />;

export function HomePage() {
  const variant = useMatches({ select: (matches) => matches.at(-1)?.staticData.variant });
  return <HomeView key={variant} variant={variant} renderProduct={renderProduct} actions={saveForOffline} />;
}
