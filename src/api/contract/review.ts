import { z } from "zod";
import { dataSchema, paginatedSchema, timestampSchema } from "./common";
import { productSchema } from "./product";

/** Bagisto nests the reviewed `product` (Resources/Catalog/ProductReview.php); ours sends `product_id`. */
export const reviewSchema = z.looseObject({
  id: z.number(),
  product_id: z.number().optional(),
  product: productSchema.optional(),
  title: z.string(),
  /** one decimal, e.g. "5.0" */
  rating: z.union([z.string(), z.number()]),
  comment: z.string(),
  name: z.string(),
  status: z.string(),
  created_at: timestampSchema,
  updated_at: timestampSchema.optional(),
});
export type Review = z.infer<typeof reviewSchema>;

/** GET /api/reviews?product_id=5&status=approved&limit=5&page=1 */
export const reviewListReplySchema = paginatedSchema(reviewSchema);
export type ReviewListReply = z.infer<typeof reviewListReplySchema>;

export const reviewListQuerySchema = z.looseObject({
  product_id: z.coerce.number().int().min(1).max(2147483647).optional(),
  status: z.enum(["approved", "pending"]).optional(),
  page: z.coerce.number().int().min(1).max(100000).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/** POST /api/reviews/{productId}/create; new reviews start "pending" */
export const reviewCreateSchema = z.object({
  title: z.string().trim().min(1).max(200),
  comment: z.string().trim().min(1).max(5000),
  rating: z.coerce.number().int().min(1).max(5),
  name: z.string().trim().min(1).max(200).optional(),
});
export type ReviewCreate = z.infer<typeof reviewCreateSchema>;

export const reviewCreateReplySchema = dataSchema(reviewSchema).extend({ message: z.string() });
export type ReviewCreateReply = z.infer<typeof reviewCreateReplySchema>;
