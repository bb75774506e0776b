import { z } from "zod/mini";
import { dataSchema, imageSchema, moneySchema, paginatedSchema, timestampSchema } from "./common";

export const COLOR_ATTRIBUTE_ID = 23;
export const SIZE_ATTRIBUTE_ID = 24;
export const SIZE_NAMES = ["x", "m", "xl", "xxl"] as const;
export type SizeName = (typeof SIZE_NAMES)[number];
export const TAG_NAMES = ["Kids", "Men", "Women"] as const;

export const productCategoryRefSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
  }),
);
export type ProductCategoryRef = z.infer<typeof productCategoryRefSchema>;

export const variationSizeSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    name: z.string(),
    stock: z.number(),
    /** id to send as `selected_configurable_option` for this colour + size. */
    variant_id: z.optional(z.number()),
    option_id: z.optional(z.number()),
  }),
);
export type VariationSize = z.infer<typeof variationSizeSchema>;

export const variationSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    color: z.string(),
    /** ours: the colour's label in the language asked for (`locale`), when it is not the name itself */
    label: z.optional(z.string()),
    /** hex swatch of the colour, e.g. "#d32f2f" */
    swatch_value: z.optional(z.nullable(z.string())),
    option_id: z.optional(z.number()),
    image: z.string(),
    size: z.array(variationSizeSchema),
  }),
);
export type Variation = z.infer<typeof variationSchema>;

export const configurableOptionSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.optional(z.number()),
    label: z.string(),
    swatch_value: z.nullable(z.string()),
  }),
);
export type ConfigurableOption = z.infer<typeof configurableOptionSchema>;

export const additionalInfoEntrySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.optional(z.number()),
    code: z.string(),
    label: z.string(),
    value: z.nullable(z.union([z.string(), z.number()])),
    admin_name: z.optional(z.string()),
    type: z.optional(z.string()),
  }),
);
export type AdditionalInfoEntry = z.infer<typeof additionalInfoEntrySchema>;

/** Order of `basic_info.additional_info` and of product-additional-information (the home carousel reads by position). */
export const ADDITIONAL_INFO_CODES = [
  "gender",
  "age",
  "tyre_size",
  "frame_size",
  "frame",
  "suspension",
  "brake",
  "gears",
] as const;

export const basicInfoSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    name: z.string(),
    url_key: z.string(),
    images: z.array(imageSchema),
    cat: z.array(z.looseObject({ name: z.string(), slug: z.string() })),
    additional_info: z.array(additionalInfoEntrySchema),
  }),
);
export type BasicInfo = z.infer<typeof basicInfoSchema>;

export const reviewSummarySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    total: z.number(),
    total_rating: z.union([z.number(), z.string()]),
    average_rating: z.union([z.number(), z.string()]),
    percentage: z.union([z.string(), z.array(z.unknown()), z.record(z.string(), z.number())]),
  }),
);

/**
 * A product as the API sends it: Bagisto 1.3's Product resource (`Resources/Catalog/Product.php`). The keys
 * marked "ours" only the reference server sends; `api/product.ts` derives them when they are absent.
 */
const productObject = () =>
  z.looseObject({
    id: z.number(),
    sku: z.string(),
    type: z.string(),
    name: z.string(),
    url_key: z.string(),
    description: z.nullable(z.string()),
    short_description: z.nullable(z.string()),
    /** Bagisto: the minimal price (the special price while there is one); ours: the regular price */
    price: moneySchema,
    formated_price: z.string(),
    /** ours: percent; discounted price = price − price × discount / 100 */
    discount: z.optional(z.number()),
    special_price: z.optional(z.nullable(moneySchema)),
    formated_special_price: z.optional(z.nullable(z.string())),
    regular_price: z.optional(moneySchema),
    formated_regular_price: z.optional(z.string()),
    /** ours */
    new: z.optional(z.boolean()),
    featured: z.optional(z.boolean()),
    /** ours (Bagisto: reviews.average_rating) */
    rating: z.optional(z.number()),
    /** ours */
    saleCount: z.optional(z.number()),
    /** ours (Bagisto tells in_stock only) */
    stock: z.optional(z.number()),
    in_stock: z.boolean(),
    /** ours */
    offerEnd: z.optional(z.nullable(z.string())),
    /** ours */
    affiliateLink: z.optional(z.nullable(z.string())),
    /** ours */
    categories: z.optional(z.array(productCategoryRefSchema)),
    /** ours */
    tags: z.optional(z.array(z.string())),
    images: z.array(imageSchema),
    base_image: imageSchema,
    /** ours (Bagisto: GET product-configurable-config/{id}) */
    variation: z.optional(z.array(variationSchema)),
    /** ours */
    basic_info: z.optional(basicInfoSchema),
    /** ours */
    configurable_options: z.optional(z.array(configurableOptionSchema)),
    reviews: z.optional(reviewSummarySchema),
    is_wishlisted: z.optional(z.boolean()),
    is_item_in_cart: z.optional(z.boolean()),
    created_at: z.optional(timestampSchema),
    updated_at: z.optional(timestampSchema),
  });
export const productSchema = /* @__PURE__ */ z.lazy(productObject);
export type Product = z.infer<typeof productSchema>;

export const productListReplySchema = /* @__PURE__ */ z.lazy(() => paginatedSchema(productSchema));
export type ProductListReply = z.infer<typeof productListReplySchema>;

export const productReplySchema = /* @__PURE__ */ z.lazy(() => dataSchema(productSchema));
export type ProductReply = z.infer<typeof productReplySchema>;

const flag = /* @__PURE__ */ z.lazy(() => z.enum(["0", "1", "true", "false"]));
const commaList = /* @__PURE__ */ z.lazy(() => z.string().check(z.maxLength(500)));

/** The `sort` values the product list understands (case-insensitive); any other is a 422. */
export const PRODUCT_SORTS: ReadonlySet<string> = new Set([
  "pricehightolow",
  "pricelowtohigh",
  "price",
  "min_price",
  "name",
  "created_at",
  "newest",
  "rating",
  "salecount",
  "sale_count",
  "bestseller",
  "id",
  "discount",
]);

/**
 * GET /api/products. `color`, `size` accept option ids or names (comma list, OR within one key);
 * `tag` tag names; `price` "min,max" in INR; `sort` name|price|created_at|rating|saleCount|id, `order` asc|desc.
 */
export const productListQuerySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    category_id: z.optional(commaList),
    cat_slug: z.optional(z.string().check(z.maxLength(200))),
    page: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100000))),
    limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
    sort: z.optional(
      z.string().check(
        z.maxLength(50),
        z.refine((v) => v === "" || PRODUCT_SORTS.has(v.toLowerCase()), {
          message: "The selected sort is invalid.",
        }),
      ),
    ),
    order: z.optional(z.enum(["asc", "desc"])),
    search: z.optional(z.string().check(z.maxLength(200))),
    name: z.optional(z.string().check(z.maxLength(200))),
    url_key: z.optional(z.string().check(z.maxLength(300))),
    new: z.optional(flag),
    featured: z.optional(flag),
    bestseller: z.optional(flag),
    sale: z.optional(flag),
    color: z.optional(commaList),
    size: z.optional(commaList),
    tag: z.optional(commaList),
    price: z.optional(z.string().check(z.maxLength(100))),
  }),
);
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const additionalInformationReplySchema = /* @__PURE__ */ z.lazy(() =>
  dataSchema(z.array(additionalInfoEntrySchema)),
);
export type AdditionalInformationReply = z.infer<typeof additionalInformationReplySchema>;

export const attributeOptionSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.number(),
    admin_name: z.optional(z.string()),
    label: z.string(),
    swatch_value: z.nullable(z.string()),
    products: z.optional(z.array(z.number())),
    count: z.optional(z.number()),
  }),
);
export type AttributeOption = z.infer<typeof attributeOptionSchema>;

export const configurableConfigSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    attributes: z.array(
      z.looseObject({
        id: z.number(),
        code: z.string(),
        label: z.string(),
        swatch_type: z.nullable(z.string()),
        options: z.array(attributeOptionSchema),
      }),
    ),
    index: z.union([z.record(z.string(), z.record(z.string(), z.number())), z.array(z.never())]),
    variant_prices: z.union([z.record(z.string(), z.unknown()), z.array(z.never())]),
    variant_images: z.union([z.record(z.string(), z.array(imageSchema)), z.array(z.never())]),
    chooseText: z.string(),
    regular_price: z.looseObject({ price: moneySchema, formated_price: z.string() }),
  }),
);
export type ConfigurableConfig = z.infer<typeof configurableConfigSchema>;
export const configurableConfigReplySchema = /* @__PURE__ */ z.lazy(() =>
  dataSchema(configurableConfigSchema),
);
export type ConfigurableConfigReply = z.infer<typeof configurableConfigReplySchema>;

/** ours (Bagisto has no such route) */
export const productWithAdditionalInformationSchema = /* @__PURE__ */ z.lazy(() =>
  z.extend(productObject(), {
    additional_information: z.array(additionalInfoEntrySchema),
  }),
);
export type ProductWithAdditionalInformation = z.infer<typeof productWithAdditionalInformationSchema>;
export const productWithAdditionalInformationReplySchema = /* @__PURE__ */ z.lazy(() =>
  dataSchema(z.array(productWithAdditionalInformationSchema)),
);
