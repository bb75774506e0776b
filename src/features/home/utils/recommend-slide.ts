import { ADDITIONAL_INFO_CODES } from "@/api/contract/product";
import type { ProductOption, ProductSpec, ProductWithSpecs } from "@/api/product";

export type SpecCode = (typeof ADDITIONAL_INFO_CODES)[number];

export interface SlideSpec {
  code: SpecCode;
  value: string;
}

export interface ColourDot {
  label: string;
  swatch: string;
}

/**
 * The carousel specs read by position (SPEC §2: fixed positions of the additional-info list, in the
 * order of ADDITIONAL_INFO_CODES). Positions without a value are left out.
 */
export function readSpecs(info: readonly ProductSpec[]): SlideSpec[] {
  const specs: SlideSpec[] = [];
  ADDITIONAL_INFO_CODES.forEach((code, position) => {
    const value = info[position]?.value;
    if (value === null || value === undefined) return;
    const text = String(value).trim();
    if (text) specs.push({ code, value: text });
  });
  return specs;
}

const SAFE_COLOUR = /^(#[0-9a-f]{3,8}|[a-z]{3,20})$/i;

/** Colour dots: the configurable options that have a swatch value, once per colour. */
export function colourDots(options: readonly ProductOption[]): ColourDot[] {
  const seen = new Set<string>();
  const dots: ColourDot[] = [];
  for (const option of options) {
    const swatch = option.swatch?.trim();
    if (!swatch || !SAFE_COLOUR.test(swatch)) continue;
    const key = swatch.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    dots.push({ label: option.label, swatch });
  }
  return dots;
}

export interface RecommendSlide {
  id: number;
  name: string;
  urlKey: string;
  image: string;
  category: string | null;
  specs: SlideSpec[];
  colours: ColourDot[];
}

/** Everything one 'We Recommend' slide shows, from a product with its additional information. */
export function toRecommendSlide(product: ProductWithSpecs): RecommendSlide {
  const info = product.additionalSpecs.length > 0 ? product.additionalSpecs : product.specs;
  const image = product.images[0] ?? product.baseImage;
  return {
    id: product.id,
    name: product.name,
    urlKey: product.urlKey,
    image: image.medium,
    category: product.categories[0]?.name ?? null,
    specs: readSpecs(info),
    colours: colourDots(product.options),
  };
}
