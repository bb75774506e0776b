import { useEffect, useState } from "react";
import { useIsRestoring, useQuery, useQueryClient } from "@tanstack/react-query";
import { catalogKeys, catalogQueries } from "@/api/catalog";
import type { Product } from "@/api/product";
import { useOnlineStatus } from "@/hooks/use-online-status";
import { useLocale } from "@/i18n/i18n";
import { savedPackProducts } from "@/offline/cache/pack-products";
import { collectProducts } from "../utils/saved-products";

export interface ProductSearch {
  products: Product[];
  isPending: boolean;
  /** the results come from the products saved on this device (offline, or the server could not answer) */
  savedOnDevice: boolean;
}

export const SEARCH_LIMIT = 24;

/**
 * Searches the catalogue: the server (`products?search=`) when online; offline, or when the server cannot
 * answer, the products this device holds (the persisted query cache and the saved packs) with MiniSearch,
 * loaded on demand.
 */
export function useProductSearch(query: string): ProductSearch {
  const q = query.trim();
  const online = useOnlineStatus();
  const queryClient = useQueryClient();
  const restoring = useIsRestoring();
  const locale = useLocale();
  const remote = useQuery({
    ...catalogQueries.list({ search: q, limit: SEARCH_LIMIT }, locale),
    enabled: online && q !== "",
  });
  const useSaved = q !== "" && (!online || remote.isError);
  const [saved, setSaved] = useState<{ q: string; products: Product[] } | null>(null);

  useEffect(() => {
    if (!useSaved || restoring) return;
    let live = true;
    // The shopper's language's replies: a product is found in the words it is shown in.
    const cached = queryClient
      .getQueriesData({ queryKey: catalogKeys.inLocale(locale) })
      .map(([, data]) => data);
    // The saved packs ("Save for offline") too: their products may never have been shown on this device.
    const packs = savedPackProducts().catch(() => []);
    void Promise.all([import("../utils/offline-search"), packs]).then(([{ searchSavedProducts }, saved]) => {
      if (live) setSaved({ q, products: searchSavedProducts(collectProducts([...cached, saved]), q) });
    });
    return () => {
      live = false;
    };
  }, [useSaved, restoring, q, queryClient, locale]);

  if (q === "") return { products: [], isPending: false, savedOnDevice: false };
  if (useSaved)
    return { products: saved?.q === q ? saved.products : [], isPending: saved?.q !== q, savedOnDevice: true };
  return { products: remote.data?.data ?? [], isPending: remote.isPending, savedOnDevice: false };
}
