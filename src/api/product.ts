import { z } from "zod/mini";
import { round2 } from "./contract/money";
import type { Image } from "./contract/common";
import {
  productSchema,
  type AdditionalInfoEntry,
  type ConfigurableConfig,
  type Product as WireProduct,
} from "./contract/product";

/**
 * The storefront's own product, made once from the wire (in the manner of vercel/commerce's `reshape*`):
 * features and routes read these names, never Bagisto's. A plain Bagisto 1.3 product lacks the keys only the
 * reference server sends; they are derived here (stock from `in_stock`, the discount from
 * `special_price`/`regular_price`, the rating from the review summary, colours and sizes from
 * `product-configurable-config`).
 */
export interface ProductImage {
  small: string;
  medium: string;
  large: string;
  original: string;
}

export interface ProductSize {
  /** size name, lower case ("m", "xl") */
  name: string;
  /** how many can be bought; null: for sale, the quantity not told (see `Product.stock`) */
  stock: number | null;
  /** the variant to send as `selected_configurable_option` for this colour and size */
  variantId?: number;
  optionId?: number;
}

export interface ProductColour {
  /** colour name, lower case ("red"): what addresses, selections and variants use */
  color: string;
  /** what the shopper reads, in the shop's language ("Rouge"), when it is not the name itself */
  label?: string;
  /** CSS colour of the swatch, e.g. "#d32f2f" */
  swatch: string | null;
  optionId?: number;
  image: string;
  sizes: ProductSize[];
}

export interface ProductCategory {
  id: number;
  name: string;
  slug: string;
}

export interface ProductSpec {
  code: string;
  label: string;
  value: string | number | null;
}

export interface ProductOption {
  label: string;
  swatch: string | null;
}

export interface Product {
  id: number;
  sku: string;
  type: string;
  name: string;
  urlKey: string;
  description: string;
  shortDescription: string;
  /** regular price in the base currency */
  price: number;
  /** what the shopper pays, in the base currency (the price less the discount) */
  finalPrice: number;
  /** percent off the regular price (0: none) */
  discount: number;
  isNew: boolean;
  featured: boolean;
  /** average review rating, 0 to 5 */
  rating: number;
  reviewCount: number;
  saleCount: number;
  /**
   * How many can be bought; null when the server says only that it is for sale (a stock Bagisto sends
   * `in_stock`, not the quantity): no limit is known, and the server refuses a quantity it cannot sell.
   * Null rather than a number with a "known" flag beside it: an unknown stock cannot be read as a limit by
   * mistake (the compiler makes every reader say what it does without one), and nothing invents a number.
   */
  stock: number | null;
  inStock: boolean;
  offerEnd: string | null;
  affiliateLink: string | null;
  categories: ProductCategory[];
  tags: string[];
  images: ProductImage[];
  baseImage: ProductImage;
  /** a product chosen by colour and size (its colours may be known only from the detail) */
  hasVariants: boolean;
  /** colours with their sizes; empty when the product has none or they are not known yet */
  colours: ProductColour[];
  /** bicycle specs in ADDITIONAL_INFO_CODES order */
  specs: ProductSpec[];
  /** colour and size options, for the colour dots of a slide */
  options: ProductOption[];
  isWishlisted: boolean;
}

/** A product with its specs (GET product-with-additional-information). */
export interface ProductWithSpecs extends Product {
  additionalSpecs: ProductSpec[];
}

/** Whether a stock allows buying one more than none: a known quantity above 0, or an untold one (null). */
export function isAvailable(stock: number | null): boolean {
  return stock === null || stock > 0;
}

/** The stock of several variants together: their sum, or null (untold) when any one's is untold. */
export function totalStock(stocks: readonly (number | null)[]): number | null {
  let total = 0;
  for (const s of stocks) {
    if (s === null) return null;
    total += s;
  }
  return total;
}

/**
 * Bagisto money or a count as a number: it may come as a number or a decimal string ("50.0000"). The one reading
 * of wire amounts: the app's shapes carry numbers from here on. Anything that is not wholly a number ("", "12abc",
 * null) reads as 0.
 */
export function toAmount(value: number | string | null | undefined): number {
  if (value === null || value === undefined || value === "") return 0;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}

export function reshapeImage(image: Image): ProductImage {
  return {
    small: image.small_image_url,
    medium: image.medium_image_url,
    large: image.large_image_url,
    original: image.original_image_url ?? image.large_image_url,
  };
}

export function reshapeSpecs(entries: readonly AdditionalInfoEntry[]): ProductSpec[] {
  return entries.map((e) => ({ code: e.code, label: e.label, value: e.value }));
}

/** Colours and sizes from Bagisto's configurable config (attribute codes `color` and `size`). */
export function coloursFromConfig(config: ConfigurableConfig, fallbackImage: string): ProductColour[] {
  const colourAttr = config.attributes.find((a) => a.code === "color");
  const sizeAttr = config.attributes.find((a) => a.code === "size");
  if (!colourAttr) return [];
  const index = Array.isArray(config.index) ? {} : config.index;
  const images = Array.isArray(config.variant_images) ? {} : config.variant_images;
  // ours: the stock of every variant; Bagisto lists only the saleable ones in `index`
  const stockOf = (config as { variant_stock?: Record<string, number> }).variant_stock;
  const name = (o: { admin_name?: string; label: string }) => (o.admin_name || o.label).toLowerCase();
  return colourAttr.options.map((c) => {
    const sizes: ProductSize[] = [];
    let image: string | undefined;
    for (const [variantId, attrs] of Object.entries(index)) {
      if (attrs[String(colourAttr.id)] !== c.id) continue;
      image ??= images[variantId]?.[0]?.medium_image_url;
      const sizeOptionId = sizeAttr ? attrs[String(sizeAttr.id)] : undefined;
      const size = sizeAttr?.options.find((s) => s.id === sizeOptionId);
      sizes.push({
        name: size ? name(size) : "",
        // Bagisto lists only the saleable variants, without their quantities.
        stock: stockOf?.[variantId] ?? null,
        variantId: Number(variantId),
        optionId: sizeOptionId,
      });
    }
    const order = new Map(sizeAttr?.options.map((s, i) => [s.id, i]));
    sizes.sort((a, b) => (order.get(a.optionId ?? 0) ?? 0) - (order.get(b.optionId ?? 0) ?? 0));
    return {
      color: name(c),
      ...(c.label.toLowerCase() === name(c) ? {} : { label: c.label }),
      swatch: c.swatch_value ?? null,
      optionId: c.id,
      image: image ?? fallbackImage,
      sizes,
    };
  });
}

/** The rating out of 5 from the review summary ("4.5" or a number). */
function averageRating(wire: WireProduct): number {
  const value = toAmount(wire.reviews?.average_rating ?? 0);
  return Math.max(0, Math.min(5, value));
}

/**
 * A wire product as the storefront's Product. `config` (GET product-configurable-config/{id}) gives the
 * colours and sizes of a product whose reply lacks `variation` (a plain Bagisto).
 */
export function reshapeProduct(wire: WireProduct, config?: ConfigurableConfig | null): Product {
  const images = wire.images.map(reshapeImage);
  const baseImage = reshapeImage(wire.base_image);
  const special = wire.special_price == null ? null : toAmount(wire.special_price);
  // Bagisto's `price` is the minimal price (the special one while there is one), `regular_price` the other.
  const regular = toAmount(wire.regular_price ?? wire.price);
  const derivedDiscount =
    special !== null && regular > 0 && special < regular ? ((regular - special) / regular) * 100 : 0;
  const discount = wire.discount ?? derivedDiscount;
  const finalPrice =
    special !== null && special < regular
      ? special
      : discount > 0
        ? round2(regular - (regular * Math.min(discount, 100)) / 100)
        : regular;
  const colours: ProductColour[] = wire.variation
    ? wire.variation.map((v) => ({
        color: v.color,
        ...(v.label === undefined ? {} : { label: v.label }),
        swatch: v.swatch_value ?? null,
        optionId: v.option_id,
        image: v.image,
        sizes: v.size.map((s) => ({
          name: s.name,
          stock: s.stock,
          variantId: s.variant_id,
          optionId: s.option_id,
        })),
      }))
    : config
      ? coloursFromConfig(config, baseImage.medium)
      : [];
  const stock =
    wire.stock ??
    (!wire.in_stock
      ? 0
      : colours.length
        ? totalStock(colours.flatMap((c) => c.sizes.map((s) => s.stock)))
        : null);
  const specs = wire.basic_info ? reshapeSpecs(wire.basic_info.additional_info) : [];
  const options: ProductOption[] = wire.configurable_options
    ? wire.configurable_options.map((o) => ({ label: o.label, swatch: o.swatch_value }))
    : colours.map((c) => ({ label: c.color, swatch: c.swatch }));
  const categories =
    wire.categories ??
    (wire.basic_info?.cat ?? []).map((c, i) => ({ id: -(i + 1), name: c.name, slug: c.slug }));
  return {
    id: wire.id,
    sku: wire.sku,
    type: wire.type,
    name: wire.name,
    urlKey: wire.url_key,
    description: wire.description ?? "",
    shortDescription: wire.short_description ?? "",
    price: regular,
    finalPrice,
    discount,
    isNew: wire.new ?? false,
    featured: wire.featured ?? false,
    rating: wire.rating ?? averageRating(wire),
    reviewCount: wire.reviews?.total ?? 0,
    saleCount: wire.saleCount ?? 0,
    stock,
    inStock: wire.in_stock && isAvailable(stock),
    offerEnd: wire.offerEnd ?? null,
    affiliateLink: wire.affiliateLink ?? null,
    categories,
    tags: wire.tags ?? [],
    images,
    baseImage,
    hasVariants: wire.type === "configurable" || colours.length > 0,
    colours,
    specs,
    options,
    isWishlisted: wire.is_wishlisted ?? false,
  };
}

/** A product still to be told its colours (a configurable product of a plain Bagisto's list). */
export function needsConfig(wire: WireProduct): boolean {
  return wire.variation === undefined && wire.type === "configurable";
}

/**
 * A Product kept on the device (wishlist, compare list), checked when read back. A copy stored by an older
 * version, in the API's shape, is reshaped as a reply would be; anything else is dropped rather than shown broken.
 */
export const storedProductSchema = z.lazy(() =>
  z.union([
    z.custom<Product>(
      (v) =>
        typeof v === "object" &&
        v !== null &&
        typeof (v as Product).id === "number" &&
        typeof (v as Product).urlKey === "string" &&
        typeof (v as Product).name === "string" &&
        typeof (v as Product).finalPrice === "number" &&
        Array.isArray((v as Product).colours) &&
        Array.isArray((v as Product).images) &&
        typeof (v as Product).baseImage === "object",
    ),
    z.pipe(
      productSchema,
      z.transform((wire) => reshapeProduct(wire)),
    ),
  ]),
);
