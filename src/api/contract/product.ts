import { z } from "zod";
import { dataSchema, imageSchema, moneySchema, paginatedSchema, timestampSchema } from "./common";

export const COLOR_ATTRIBUTE_ID = 23;
export const SIZE_ATTRIBUTE_ID = 24;
export const SIZE_NAMES = ["x", "m", "xl", "xxl"] as const;
export type SizeName = (typeof SIZE_NAMES)[number];
export const TAG_NAMES = ["Kids", "Men", "Women"] as const;

export const productCategoryRefSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
});
export type ProductCategoryRef = z.infer<typeof productCategoryRefSchema>;

export const variationSizeSchema = z.looseObject({
  name: z.string(),
  stock: z.number(),
  /** id to send as `selected_configurable_option` for this colour + size. */
  variant_id: z.number().optional(),
  option_id: z.number().optional(),
});
export type VariationSize = z.infer<typeof variationSizeSchema>;

export const variationSchema = z.looseObject({
  color: z.string(),
  /** hex swatch of the colour, e.g. "#d32f2f" */
  swatch_value: z.string().nullable().optional(),
  option_id: z.number().optional(),
  image: z.string(),
  size: z.array(variationSizeSchema),
});
export type Variation = z.infer<typeof variationSchema>;

export const configurableOptionSchema = z.looseObject({
  id: z.number().optional(),
  label: z.string(),
  swatch_value: z.string().nullable(),
});
export type ConfigurableOption = z.infer<typeof configurableOptionSchema>;

export const additionalInfoEntrySchema = z.looseObject({
  id: z.number().optional(),
  code: z.string(),
  label: z.string(),
  value: z.union([z.string(), z.number()]).nullable(),
  admin_name: z.string().optional(),
  type: z.string().optional(),
});
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

export const basicInfoSchema = z.looseObject({
  name: z.string(),
  url_key: z.string(),
  images: z.array(imageSchema),
  cat: z.array(z.looseObject({ name: z.string(), slug: z.string() })),
  additional_info: z.array(additionalInfoEntrySchema),
});
export type BasicInfo = z.infer<typeof basicInfoSchema>;

export const reviewSummarySchema = z.looseObject({
  total: z.number(),
  total_rating: z.union([z.number(), z.string()]),
  average_rating: z.union([z.number(), z.string()]),
  percentage: z.union([z.string(), z.array(z.unknown()), z.record(z.string(), z.number())]),
});

/**
 * A product as the API sends it: Bagisto 1.3's Product resource (`Resources/Catalog/Product.php`). The keys
 * marked "ours" only the reference server sends; `api/product.ts` derives them when they are absent.
 */
export const productSchema = z.looseObject({
  id: z.number(),
  sku: z.string(),
  type: z.string(),
  name: z.string(),
  url_key: z.string(),
  description: z.string().nullable(),
  short_description: z.string().nullable(),
  /** Bagisto: the minimal price (the special price while there is one); ours: the regular price */
  price: moneySchema,
  formated_price: z.string(),
  /** ours: percent; discounted price = price − price × discount / 100 */
  discount: z.number().optional(),
  special_price: moneySchema.nullable().optional(),
  formated_special_price: z.string().nullable().optional(),
  regular_price: moneySchema.optional(),
  formated_regular_price: z.string().optional(),
  /** ours */
  new: z.boolean().optional(),
  featured: z.boolean().optional(),
  /** ours (Bagisto: reviews.average_rating) */
  rating: z.number().optional(),
  /** ours */
  saleCount: z.number().optional(),
  /** ours (Bagisto tells in_stock only) */
  stock: z.number().optional(),
  in_stock: z.boolean(),
  /** ours */
  offerEnd: z.string().nullable().optional(),
  /** ours */
  affiliateLink: z.string().nullable().optional(),
  /** ours */
  categories: z.array(productCategoryRefSchema).optional(),
  /** ours */
  tags: z.array(z.string()).optional(),
  images: z.array(imageSchema),
  base_image: imageSchema,
  /** ours (Bagisto: GET product-configurable-config/{id}) */
  variation: z.array(variationSchema).optional(),
  /** ours */
  basic_info: basicInfoSchema.optional(),
  /** ours */
  configurable_options: z.array(configurableOptionSchema).optional(),
  reviews: reviewSummarySchema.optional(),
  is_wishlisted: z.boolean().optional(),
  is_item_in_cart: z.boolean().optional(),
  created_at: timestampSchema.optional(),
  updated_at: timestampSchema.optional(),
});
export type Product = z.infer<typeof productSchema>;

export const productListReplySchema = paginatedSchema(productSchema);
export type ProductListReply = z.infer<typeof productListReplySchema>;

export const productReplySchema = dataSchema(productSchema);
export type ProductReply = z.infer<typeof productReplySchema>;

const flag = z.enum(["0", "1", "true", "false"]);
const commaList = z.string().max(500);

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
export const productListQuerySchema = z.looseObject({
  category_id: commaList.optional(),
  cat_slug: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100000).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  sort: z
    .string()
    .max(50)
    .refine((v) => v === "" || PRODUCT_SORTS.has(v.toLowerCase()), {
      message: "The selected sort is invalid.",
    })
    .optional(),
  order: z.enum(["asc", "desc"]).optional(),
  search: z.string().max(200).optional(),
  name: z.string().max(200).optional(),
  url_key: z.string().max(300).optional(),
  new: flag.optional(),
  featured: flag.optional(),
  bestseller: flag.optional(),
  sale: flag.optional(),
  color: commaList.optional(),
  size: commaList.optional(),
  tag: commaList.optional(),
  price: z.string().max(100).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const additionalInformationReplySchema = dataSchema(z.array(additionalInfoEntrySchema));
export type AdditionalInformationReply = z.infer<typeof additionalInformationReplySchema>;

export const attributeOptionSchema = z.looseObject({
  id: z.number(),
  admin_name: z.string().optional(),
  label: z.string(),
  swatch_value: z.string().nullable(),
  products: z.array(z.number()).optional(),
  count: z.number().optional(),
});
export type AttributeOption = z.infer<typeof attributeOptionSchema>;

export const configurableConfigSchema = z.looseObject({
  attributes: z.array(
    z.looseObject({
      id: z.number(),
      code: z.string(),
      label: z.string(),
      swatch_type: z.string().nullable(),
      options: z.array(attributeOptionSchema),
    }),
  ),
  index: z.union([z.record(z.string(), z.record(z.string(), z.number())), z.array(z.never())]),
  variant_prices: z.union([z.record(z.string(), z.unknown()), z.array(z.never())]),
  variant_images: z.union([z.record(z.string(), z.array(imageSchema)), z.array(z.never())]),
  chooseText: z.string(),
  regular_price: z.looseObject({ price: moneySchema, formated_price: z.string() }),
});
export type ConfigurableConfig = z.infer<typeof configurableConfigSchema>;
export const configurableConfigReplySchema = dataSchema(configurableConfigSchema);
export type ConfigurableConfigReply = z.infer<typeof configurableConfigReplySchema>;

/** ours (Bagisto has no such route) */
export const productWithAdditionalInformationSchema = productSchema.extend({
  additional_information: z.array(additionalInfoEntrySchema),
});
export type ProductWithAdditionalInformation = z.infer<typeof productWithAdditionalInformationSchema>;
export const productWithAdditionalInformationReplySchema = dataSchema(
  z.array(productWithAdditionalInformationSchema),
);
