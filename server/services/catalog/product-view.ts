import {
  ADDITIONAL_INFO_CODES,
  COLOR_ATTRIBUTE_ID,
  SIZE_ATTRIBUTE_ID,
} from "../../../src/api/contract/product";
import { FRAME_GEOMETRY_CODE } from "../../../src/api/contract/geometry";
import { formatMoney, SERVER_MONEY_FORMAT } from "../../../src/api/contract/money";
import type { ProductTable, ProductVariantTable } from "../../db/schema";
import type { Store } from "../../db/store";
import type { Locale } from "../../../src/i18n/locale";
import { COLORS, INFO_LABELS, SIZES } from "../../reference/attributes";
import {
  attributeName,
  categoryNameIn,
  colorLabel,
  infoLabel,
  infoValue,
  productTexts,
} from "../../reference/catalog-texts";
import type { CategoryRow } from "./categories";

/**
 * The storefront's Product resource (contract/product.ts) built from rows, and the product page's other
 * replies (specs, configurable options). Pure but for `configurableConfig`'s read of the variants.
 */

export function imageSet(bodyType: string, color: string) {
  const base = `/api/images/products/${bodyType}-${color}`;
  return {
    small_image_url: `${base}-small.svg`,
    medium_image_url: `${base}-medium.svg`,
    large_image_url: `${base}-large.svg`,
    original_image_url: `${base}-large.svg`,
  };
}

const colorByName = new Map<string, (typeof COLORS)[number]>(COLORS.map((c) => [c.name, c]));
const sizeOrder = new Map<string, number>(SIZES.map((s, i) => [s.name, i]));

export interface ReviewStat {
  total: number;
  sum: number;
  counts: Record<string, number>;
}

export type ProductView = Record<string, unknown> & { id: number };

/** What a product's view reads of each variant. */
export type VariantRow = Pick<
  ProductVariantTable,
  "id" | "product_id" | "color" | "size" | "size_option_id" | "stock"
>;

/** The specs of a product's row in their fixed order, labels and values in `locale`. */
function specEntries(info: Record<string, string>, locale: Locale) {
  return ADDITIONAL_INFO_CODES.map((code, i) => {
    const label = infoLabel(code, INFO_LABELS[code], locale);
    return {
      id: 100 + i,
      code: code as string,
      label,
      value: infoValue(code, info[code] ?? null, locale),
      admin_name: INFO_LABELS[code],
      type: "text",
    };
  });
}

/**
 * A product's view in `locale` (decision 051: its descriptions, categories, colours and specs; the name is
 * the model's, the same in every language); `category` resolves its category ids (one it does not know is
 * left out).
 */
export function productView(
  row: ProductTable,
  variants: VariantRow[],
  categoryIds: number[],
  category: (id: number) => CategoryRow | undefined,
  reviews: ReviewStat | undefined,
  wishlisted: boolean,
  locale: Locale = "en",
): ProductView {
  const colors: string[] = [];
  const byColor = new Map<string, VariantRow[]>();
  for (const v of variants) {
    let list = byColor.get(v.color);
    if (!list) {
      byColor.set(v.color, (list = []));
      colors.push(v.color);
    }
    list.push(v);
  }
  if (!colors.length) colors.push(row.default_color);
  const images = colors.map((c) => imageSet(row.body_type, c));
  const stock = variants.length
    ? variants.reduce((s, v) => s + Math.max(0, v.stock), 0)
    : Math.max(0, row.stock);
  const categories = categoryIds
    .map((cid) => category(cid))
    .filter((c): c is CategoryRow => !!c)
    .map((c) => ({ id: c.id, name: categoryNameIn(c.name, locale), slug: c.slug }));
  const info = JSON.parse(row.info_json) as Record<string, string>;
  const additional = specEntries(info, locale);
  const texts = productTexts(row, info, locale);
  const variation = [...byColor.entries()].map(([color, list]) => {
    const c = colorByName.get(color);
    return {
      color,
      ...(locale === "en" ? {} : { label: colorLabel(color, locale, c?.label ?? color) }),
      swatch_value: c?.hex ?? null,
      option_id: c?.id,
      image: imageSet(row.body_type, color).medium_image_url,
      size: [...list]
        .sort((a, b) => (sizeOrder.get(a.size) ?? 0) - (sizeOrder.get(b.size) ?? 0))
        .map((v) => ({
          name: v.size,
          stock: Math.max(0, v.stock),
          variant_id: v.id,
          option_id: v.size_option_id,
        })),
    };
  });
  const configurable_options = variants.length
    ? [
        ...colors.map((color) => {
          const c = colorByName.get(color);
          return {
            id: c?.id ?? 0,
            label: colorLabel(color, locale, c?.label ?? color),
            swatch_value: c?.hex ?? null,
            attribute: "color",
          };
        }),
        ...SIZES.filter((s) => variants.some((v) => v.size === s.name)).map((s) => ({
          id: s.id,
          label: s.label,
          swatch_value: null,
          attribute: "size",
        })),
      ]
    : [];
  const discounted = row.discount > 0;
  const percentage: Record<string, number> = {};
  if (reviews && reviews.total > 0) {
    for (const star of ["5", "4", "3", "2", "1"])
      percentage[star] = Math.round(((reviews.counts[star] ?? 0) / reviews.total) * 100);
  }
  return {
    id: row.id,
    sku: row.sku,
    type: row.type,
    name: row.name,
    url_key: row.url_key,
    price: row.price,
    formated_price: formatMoney(row.price, SERVER_MONEY_FORMAT),
    ...(discounted
      ? {
          special_price: row.final_price,
          formated_special_price: formatMoney(row.final_price, SERVER_MONEY_FORMAT),
          regular_price: row.price,
          formated_regular_price: formatMoney(row.price, SERVER_MONEY_FORMAT),
        }
      : {}),
    discount: row.discount,
    short_description: texts.short,
    description: texts.long,
    new: row.is_new === 1,
    featured: row.featured === 1,
    rating: row.rating,
    saleCount: row.sale_count,
    stock,
    in_stock: stock > 0,
    offerEnd: row.offer_end,
    affiliateLink: row.affiliate_link,
    categories,
    tags: JSON.parse(row.tags_json) as string[],
    images,
    base_image: images[0],
    variation,
    basic_info: {
      name: row.name,
      url_key: row.url_key,
      images,
      cat: categories.map((c) => ({ name: c.name, slug: c.slug })),
      additional_info: additional.map(({ code, label, value }) => ({ code, label, value })),
    },
    configurable_options,
    reviews: reviews
      ? {
          total: reviews.total,
          total_rating: String(reviews.sum),
          average_rating: (reviews.sum / reviews.total).toFixed(1),
          percentage: JSON.stringify(percentage),
        }
      : { total: 0, total_rating: 0, average_rating: 0, percentage: [] },
    is_wishlisted: wishlisted,
    is_item_in_cart: false,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * The specs in their fixed order; with `geometry`, then the model's frame geometry when it has one (a text
 * attribute holding JSON, `FRAME_GEOMETRY_CODE`): the product page's reply carries it, the home page's list
 * (`product-with-additional-information`, read by position) does not.
 */
export function additionalInformation(
  row: ProductTable,
  { geometry = false, locale = "en" }: { geometry?: boolean; locale?: Locale } = {},
) {
  const info = JSON.parse(row.info_json) as Record<string, string>;
  const entries = specEntries(info, locale);
  const frameGeometry = info[FRAME_GEOMETRY_CODE];
  const geometryLabel = infoLabel(FRAME_GEOMETRY_CODE, "Frame geometry", locale);
  if (geometry && frameGeometry)
    entries.push({
      id: 100 + ADDITIONAL_INFO_CODES.length,
      code: FRAME_GEOMETRY_CODE,
      label: geometryLabel,
      value: frameGeometry,
      admin_name: "Frame geometry",
      type: "text",
    });
  return entries;
}

/** The product page's configurable options (`product-configurable-config/{id}`): its variants, read now. */
export async function configurableConfig(store: Store, row: ProductTable, locale: Locale = "en") {
  const variants = await store.all(
    store.qb.selectFrom("product_variants").selectAll().where("product_id", "=", row.id).orderBy("position"),
  );
  const saleable = variants.filter((v) => v.stock > 0);
  const colorOpts = COLORS.filter((c) => variants.some((v) => v.color_option_id === c.id)).map((c) => ({
    id: c.id,
    label: colorLabel(c.name, locale, c.label),
    admin_name: c.label,
    swatch_value: c.hex,
    products: saleable.filter((v) => v.color_option_id === c.id).map((v) => v.id),
  }));
  const sizeOpts = SIZES.filter((s) => variants.some((v) => v.size_option_id === s.id)).map((s) => ({
    id: s.id,
    label: s.label,
    admin_name: s.label,
    swatch_value: null,
    products: saleable.filter((v) => v.size_option_id === s.id).map((v) => v.id),
  }));
  const price = {
    price: row.final_price,
    formated_price: formatMoney(row.final_price, SERVER_MONEY_FORMAT),
  };
  const regular = { price: row.price, formated_price: formatMoney(row.price, SERVER_MONEY_FORMAT) };
  return {
    attributes: variants.length
      ? [
          {
            id: COLOR_ATTRIBUTE_ID,
            code: "color",
            label: attributeName("Color", locale),
            swatch_type: "color",
            options: colorOpts,
          },
          {
            id: SIZE_ATTRIBUTE_ID,
            code: "size",
            label: attributeName("Size", locale),
            swatch_type: null,
            options: sizeOpts,
          },
        ]
      : [],
    index: Object.fromEntries(
      saleable.map((v) => [
        String(v.id),
        { [COLOR_ATTRIBUTE_ID]: v.color_option_id, [SIZE_ATTRIBUTE_ID]: v.size_option_id },
      ]),
    ),
    variant_prices: Object.fromEntries(
      saleable.map((v) => [String(v.id), { regular_price: regular, final_price: price }]),
    ),
    variant_images: Object.fromEntries(
      saleable.map((v) => [String(v.id), [imageSet(row.body_type, v.color)]]),
    ),
    variant_stock: Object.fromEntries(variants.map((v) => [String(v.id), v.stock])),
    chooseText: "Choose an option",
    regular_price: regular,
  };
}
