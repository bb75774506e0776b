import { z } from "zod/mini";
import { dataSchema, timestampSchema } from "./common";

export const categorySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.number(),
    code: z.optional(z.nullable(z.string())),
    name: z.string(),
    slug: z.string(),
    parent_id: z.optional(z.nullable(z.number())),
    position: z.optional(z.number()),
    display_mode: z.optional(z.string()),
    description: z.optional(z.nullable(z.string())),
    meta_title: z.optional(z.nullable(z.string())),
    meta_description: z.optional(z.nullable(z.string())),
    meta_keywords: z.optional(z.nullable(z.string())),
    status: z.optional(z.number()),
    image_url: z.optional(z.nullable(z.string())),
    category_icon_path: z.optional(z.nullable(z.string())),
    product_count: z.optional(z.number()),
    /** false for the Homepage category, which groups home-page products and is not a bicycle type */
    include_in_menu: z.optional(z.boolean()),
    created_at: z.optional(timestampSchema),
    updated_at: z.optional(timestampSchema),
  }),
);
export type Category = z.infer<typeof categorySchema>;

export const categoryListReplySchema = /* @__PURE__ */ z.lazy(() => dataSchema(z.array(categorySchema)));
export type CategoryListReply = z.infer<typeof categoryListReplySchema>;

export const descendantCategoriesQuerySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    parent_id: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(2147483647))),
  }),
);

export const ROOT_CATEGORY_ID = 1;
export const CATEGORY_SLUGS = [
  "mountain-bikes",
  "road-bikes",
  "fat-bikes",
  "city-hybrid-bikes",
  "kids-bmx-bikes",
  "homepage",
] as const;
