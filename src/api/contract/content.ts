import { z } from "zod/mini";
import {
  dataSchema,
  moneySchema,
  paginatedSchema,
  statusReplySchema,
  timestampSchema,
  trimmedText,
} from "./common";

export const bannerSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.number(),
    /** "slider" for the home hero slider, "promo" for the three promo banners */
    type: z.enum(["slider", "promo"]),
    title: z.string(),
    subtitle: z.string(),
    price: z.nullable(moneySchema),
    formated_price: z.optional(z.nullable(z.string())),
    link: z.string(),
    path: z.string(),
    image_url: z.string(),
    position: z.optional(z.number()),
  }),
);
export type Banner = z.infer<typeof bannerSchema>;
/** GET /api/getbanner (optional ?type=slider|promo) */
export const bannerListReplySchema = /* @__PURE__ */ z.lazy(() => dataSchema(z.array(bannerSchema)));
export type BannerListReply = z.infer<typeof bannerListReplySchema>;

export const brandSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.number(),
    name: z.string(),
    slug: z.optional(z.string()),
    image: z.string(),
  }),
);
export type Brand = z.infer<typeof brandSchema>;
/** GET /api/brands */
export const brandListReplySchema = /* @__PURE__ */ z.lazy(() => dataSchema(z.array(brandSchema)));
export type BrandListReply = z.infer<typeof brandListReplySchema>;

export const pageSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.number(),
    url_key: z.string(),
    page_title: z.string(),
    /** server HTML: sanitise with DOMPurify before rendering */
    html_content: z.string(),
    meta_title: z.optional(z.nullable(z.string())),
    meta_description: z.optional(z.nullable(z.string())),
    created_at: z.optional(timestampSchema),
    updated_at: z.optional(timestampSchema),
  }),
);
export type Page = z.infer<typeof pageSchema>;
/** GET /api/page/{slug}; unknown slug → 404 `{data: null, error: "Resource Not Found"}` */
export const pageReplySchema = /* @__PURE__ */ z.lazy(() => z.looseObject({ data: z.nullable(pageSchema) }));
export type PageReply = z.infer<typeof pageReplySchema>;

export const contactRequestSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    name: trimmedText(200, { min: 1 }),
    email: z.email().check(z.maxLength(254)),
    phone: z.optional(trimmedText(40)),
    subject: z.optional(trimmedText(300)),
    message: trimmedText(5000, { min: 1 }),
  }),
);
export type ContactRequest = z.infer<typeof contactRequestSchema>;
/** POST /api/contactrequest and /api/contactsubscribe: success `{status: 200, message}`; 422 `{status: 422, message, errors}` */
export const contactReplySchema = statusReplySchema;
export type ContactReply = z.infer<typeof contactReplySchema>;

export const subscribeRequestSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({ email: z.email().check(z.maxLength(254)) }),
);
export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>;

/** POST /api/contactsubscribe/confirm: the token of the mailed confirmation link (double opt-in) */
export const subscribeConfirmRequestSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({ token: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,200}$/)) }),
);

export const filterAttributeSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    type: z.string(),
    swatch_type: z.nullable(z.string()),
    options: z.array(
      z.looseObject({
        id: z.number(),
        label: z.string(),
        admin_name: z.optional(z.string()),
        swatch_value: z.nullable(z.string()),
        count: z.optional(z.number()),
      }),
    ),
  }),
);
export type FilterAttribute = z.infer<typeof filterAttributeSchema>;
/** GET /api/getattributes?cat_slug= : filterable attributes (color, size, tag) with product counts in that category, plus the price range. */
export const attributesReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    data: z.array(filterAttributeSchema),
    price_range: z.optional(z.looseObject({ min: z.number(), max: z.number() })),
  }),
);
export type AttributesReply = z.infer<typeof attributesReplySchema>;

/** GET /api/exchange-rates?base=USD */
export const exchangeRatesSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    base: z.string(),
    date: z.string(),
    rates: z.record(z.string(), z.number()),
  }),
);
export type ExchangeRates = z.infer<typeof exchangeRatesSchema>;

const blogPostObject = () =>
  z.looseObject({
    id: z.number(),
    slug: z.string(),
    title: z.string(),
    excerpt: z.string(),
    html_content: z.optional(z.string()),
    author: z.string(),
    category: z.optional(z.string()),
    tags: z.array(z.string()),
    image_url: z.string(),
    published_at: z.string(),
  });
export const blogPostSchema = /* @__PURE__ */ z.lazy(blogPostObject);
export type BlogPost = z.infer<typeof blogPostSchema>;
/** GET /api/blog (paginated, ?page&limit) */
export const blogListReplySchema = /* @__PURE__ */ z.lazy(() => paginatedSchema(blogPostSchema));
export type BlogListReply = z.infer<typeof blogListReplySchema>;
/** GET /api/blog/{slug} */
export const blogPostReplySchema = /* @__PURE__ */ z.lazy(() =>
  dataSchema(z.extend(blogPostObject(), { html_content: z.string() })),
);
export type BlogPostReply = z.infer<typeof blogPostReplySchema>;

export const counterSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.number(),
    label: z.string(),
    value: z.number(),
    suffix: z.optional(z.string()),
  }),
);
export type Counter = z.infer<typeof counterSchema>;
export const teamMemberSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.number(),
    name: z.string(),
    role: z.string(),
    image_url: z.string(),
  }),
);
export type TeamMember = z.infer<typeof teamMemberSchema>;
/** GET /api/about */
export const aboutReplySchema = /* @__PURE__ */ z.lazy(() =>
  dataSchema(
    z.looseObject({
      counters: z.array(counterSchema),
      team: z.array(teamMemberSchema),
      blocks: z.optional(z.array(z.looseObject({ title: z.string(), text: z.string() }))),
    }),
  ),
);
export type AboutReply = z.infer<typeof aboutReplySchema>;
