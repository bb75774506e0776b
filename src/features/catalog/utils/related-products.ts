/** How many related products the product page shows. */
export const RELATED_PRODUCTS = 4;

/** The newest products, of which the related ones are the first four that are not the product itself. */
export const relatedProductsParams = {
  category_id: "1",
  sort: "created_at",
  order: "desc",
  limit: RELATED_PRODUCTS + 1,
} as const;
