import { z } from "zod/mini";
import { dataSchema, paginatedSchema, timestampSchema, trimmedText } from "./common";
import { productSchema } from "./product";

/** Bagisto nests the reviewed `product` (Resources/Catalog/ProductReview.php); ours sends `product_id`. */
export const reviewSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.number(),
    product_id: z.optional(z.number()),
    product: z.optional(productSchema),
    title: z.string(),
    /** one decimal, e.g. "5.0" */
    rating: z.union([z.string(), z.number()]),
    comment: z.string(),
    name: z.string(),
    status: z.string(),
    created_at: timestampSchema,
    updated_at: z.optional(timestampSchema),
  }),
);
export type Review = z.infer<typeof reviewSchema>;

/** GET /api/reviews?product_id=5&status=approved&limit=5&page=1 */
export const reviewListReplySchema = /* @__PURE__ */ z.lazy(() => paginatedSchema(reviewSchema));
export type ReviewListReply = z.infer<typeof reviewListReplySchema>;

export const reviewListQuerySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    product_id: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(2147483647))),
    status: z.optional(z.enum(["approved", "pending"])),
    page: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100000))),
    limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
  }),
);

/** POST /api/reviews/{productId}/create; new reviews start "pending" */
export const reviewCreateSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    title: trimmedText(200, { min: 1 }),
    comment: trimmedText(5000, { min: 1 }),
    rating: z.coerce.number().check(z.int(), z.gte(1), z.lte(5)),
    name: z.optional(trimmedText(200, { min: 1 })),
  }),
);
export type ReviewCreate = z.infer<typeof reviewCreateSchema>;

export const reviewCreateReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.extend(dataSchema(reviewSchema), { message: z.string() }),
);
export type ReviewCreateReply = z.infer<typeof reviewCreateReplySchema>;
