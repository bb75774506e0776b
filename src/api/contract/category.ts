import { z } from "zod";
import { dataSchema, timestampSchema } from "./common";

export const categorySchema = z.looseObject({
  id: z.number(),
  code: z.string().nullable().optional(),
  name: z.string(),
  slug: z.string(),
  parent_id: z.number().nullable().optional(),
  position: z.number().optional(),
  display_mode: z.string().optional(),
  description: z.string().nullable().optional(),
  meta_title: z.string().nullable().optional(),
  meta_description: z.string().nullable().optional(),
  meta_keywords: z.string().nullable().optional(),
  status: z.number().optional(),
  image_url: z.string().nullable().optional(),
  category_icon_path: z.string().nullable().optional(),
  product_count: z.number().optional(),
  /** false for the Homepage category, which groups home-page products and is not a bicycle type */
  include_in_menu: z.boolean().optional(),
  created_at: timestampSchema.optional(),
  updated_at: timestampSchema.optional(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryListReplySchema = dataSchema(z.array(categorySchema));
export type CategoryListReply = z.infer<typeof categoryListReplySchema>;

export const descendantCategoriesQuerySchema = z.looseObject({
  parent_id: z.coerce.number().int().min(0).max(2147483647).optional(),
});

export const ROOT_CATEGORY_ID = 1;
export const CATEGORY_SLUGS = [
  "mountain-bikes",
  "road-bikes",
  "fat-bikes",
  "city-hybrid-bikes",
  "kids-bmx-bikes",
  "homepage",
] as const;
