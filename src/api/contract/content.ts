import { z } from "zod";
import { dataSchema, moneySchema, paginatedSchema, statusReplySchema, timestampSchema } from "./common";

export const bannerSchema = z.looseObject({
  id: z.number(),
  /** "slider" for the home hero slider, "promo" for the three promo banners */
  type: z.enum(["slider", "promo"]),
  title: z.string(),
  subtitle: z.string(),
  price: moneySchema.nullable(),
  formated_price: z.string().nullable().optional(),
  link: z.string(),
  path: z.string(),
  image_url: z.string(),
  position: z.number().optional(),
});
export type Banner = z.infer<typeof bannerSchema>;
/** GET /api/getbanner (optional ?type=slider|promo) */
export const bannerListReplySchema = dataSchema(z.array(bannerSchema));
export type BannerListReply = z.infer<typeof bannerListReplySchema>;

export const brandSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  slug: z.string().optional(),
  image: z.string(),
});
export type Brand = z.infer<typeof brandSchema>;
/** GET /api/brands */
export const brandListReplySchema = dataSchema(z.array(brandSchema));
export type BrandListReply = z.infer<typeof brandListReplySchema>;

export const pageSchema = z.looseObject({
  id: z.number(),
  url_key: z.string(),
  page_title: z.string(),
  /** server HTML: sanitise with DOMPurify before rendering */
  html_content: z.string(),
  meta_title: z.string().nullable().optional(),
  meta_description: z.string().nullable().optional(),
  created_at: timestampSchema.optional(),
  updated_at: timestampSchema.optional(),
});
export type Page = z.infer<typeof pageSchema>;
/** GET /api/page/{slug}; unknown slug → 404 `{data: null, error: "Resource Not Found"}` */
export const pageReplySchema = z.looseObject({ data: pageSchema.nullable() });
export type PageReply = z.infer<typeof pageReplySchema>;

export const contactRequestSchema = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.email().max(254),
  phone: z.string().trim().max(40).optional(),
  subject: z.string().trim().max(300).optional(),
  message: z.string().trim().min(1).max(5000),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;
/** POST /api/contactrequest and /api/contactsubscribe: success `{status: 200, message}`; 422 `{status: 422, message, errors}` */
export const contactReplySchema = statusReplySchema;
export type ContactReply = z.infer<typeof contactReplySchema>;

export const subscribeRequestSchema = z.object({ email: z.email().max(254) });
export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>;

export const filterAttributeSchema = z.looseObject({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  type: z.string(),
  swatch_type: z.string().nullable(),
  options: z.array(
    z.looseObject({
      id: z.number(),
      label: z.string(),
      admin_name: z.string().optional(),
      swatch_value: z.string().nullable(),
      count: z.number().optional(),
    }),
  ),
});
export type FilterAttribute = z.infer<typeof filterAttributeSchema>;
/** GET /api/getattributes?cat_slug= : filterable attributes (color, size, tag) with product counts in that category, plus the price range. */
export const attributesReplySchema = z.looseObject({
  data: z.array(filterAttributeSchema),
  price_range: z.looseObject({ min: z.number(), max: z.number() }).optional(),
});
export type AttributesReply = z.infer<typeof attributesReplySchema>;

/** GET /api/exchange-rates?base=USD */
export const exchangeRatesSchema = z.looseObject({
  base: z.string(),
  date: z.string(),
  rates: z.record(z.string(), z.number()),
});
export type ExchangeRates = z.infer<typeof exchangeRatesSchema>;

export const blogPostSchema = z.looseObject({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  html_content: z.string().optional(),
  author: z.string(),
  category: z.string().optional(),
  tags: z.array(z.string()),
  image_url: z.string(),
  published_at: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;
/** GET /api/blog (paginated, ?page&limit) */
export const blogListReplySchema = paginatedSchema(blogPostSchema);
export type BlogListReply = z.infer<typeof blogListReplySchema>;
/** GET /api/blog/{slug} */
export const blogPostReplySchema = dataSchema(blogPostSchema.extend({ html_content: z.string() }));
export type BlogPostReply = z.infer<typeof blogPostReplySchema>;

export const counterSchema = z.looseObject({
  id: z.number(),
  label: z.string(),
  value: z.number(),
  suffix: z.string().optional(),
});
export type Counter = z.infer<typeof counterSchema>;
export const teamMemberSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  role: z.string(),
  image_url: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
/** GET /api/about */
export const aboutReplySchema = dataSchema(
  z.looseObject({
    counters: z.array(counterSchema),
    team: z.array(teamMemberSchema),
    blocks: z.array(z.looseObject({ title: z.string(), text: z.string() })).optional(),
  }),
);
export type AboutReply = z.infer<typeof aboutReplySchema>;
