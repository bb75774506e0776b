import { useQuery } from "@tanstack/react-query";
import { catalogQueries } from "@/api/catalog";
import { useLocale } from "@/i18n/i18n";
import { FRAME_GEOMETRY_CODE } from "@/api/contract/geometry";
import { frameGeometryOf } from "@/api/geometry";
import type { Product } from "@/api/product";
import { relatedProducts, relatedProductsParams } from "../utils/related-products";

/** The product the route loader has fetched (by URL key or id); undefined only while it is fetched again. */
function useProduct(key: { urlKey?: string; id?: number }) {
  const locale = useLocale();
  const byUrlKey = useQuery({
    ...catalogQueries.detailByUrlKey(key.urlKey ?? "", locale),
    enabled: key.urlKey !== undefined,
  });
  const byId = useQuery({ ...catalogQueries.detail(key.id ?? 0, locale), enabled: key.urlKey === undefined });
  return key.urlKey !== undefined ? byUrlKey : byId;
}

/**
 * A product detail (GET products by URL key, or products/{id}), then its specs (with its frame geometry), configurable config,
 * reviews and the newest products as related ones (itself excluded).
 */
export function useProductDetail(key: { urlKey?: string; id?: number }) {
  const locale = useLocale();
  const query = useProduct(key);
  const product: Product | null | undefined = query.data;
  const id = product?.id ?? 0;
  const enabled = Boolean(product);
  const specs = useQuery({ ...catalogQueries.additionalInformation(id, locale), enabled });
  useQuery({ ...catalogQueries.configurableConfig(id, locale), enabled });
  const reviews = useQuery({ ...catalogQueries.reviews(id), enabled });
  const newest = useQuery({ ...catalogQueries.list(relatedProductsParams, locale), enabled });
  return {
    product,
    isPending: query.isPending,
    /** when the shown price and stock were fetched (the "as of" time when offline) */
    updatedAt: query.dataUpdatedAt,
    isNotFound: query.isSuccess && !product,
    specs: (specs.data ?? []).filter(
      (s) => s.value !== null && s.value !== "" && s.code !== FRAME_GEOMETRY_CODE,
    ),
    /** the model's size table (size finder); null when the shop gives none */
    geometry: specs.data ? frameGeometryOf(specs.data) : null,
    reviews: reviews.data?.data ?? [],
    reviewCount: reviews.data?.total ?? 0,
    related: relatedProducts(newest.data?.data ?? [], id),
  };
}
