import type { ProductListParams } from "@/api/catalog";

/** How many products the related-products fetch loads (SPEC §9: 4). */
export const RELATED_PRODUCTS = 4;

/** The newest products (SPEC §2: the related-products area uses the newest products). */
export const relatedProductsParams: ProductListParams = {
  categoryId: "1",
  sort: "newest",
  order: "desc",
  limit: RELATED_PRODUCTS,
};

/** The related products of product `id`: the newest ones loaded, the product itself left out. */
export function relatedProducts<P extends { id: number }>(newest: readonly P[], id: number): P[] {
  return newest.filter((p) => p.id !== id).slice(0, RELATED_PRODUCTS);
}
