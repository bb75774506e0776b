import type { ProductListParams } from "@/api/catalog";

/** How many related products the product page shows. */
export const RELATED_PRODUCTS = 4;

/** The newest products, of which the related ones are the first four that are not the product itself. */
export const relatedProductsParams: ProductListParams = {
  categoryId: "1",
  sort: "newest",
  order: "desc",
  limit: RELATED_PRODUCTS + 1,
};
