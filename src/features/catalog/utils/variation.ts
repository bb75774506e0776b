import type { Product, Variation } from "@/api/contract/product";

export interface VariantSelection {
  color: string | null;
  size: string | null;
}

/** The first colour with something in stock (else the first colour), and its first size in stock. */
export function defaultSelection(variation: Variation[]): VariantSelection {
  const v = variation.find((x) => x.size.some((s) => s.stock > 0)) ?? variation[0];
  if (!v) return { color: null, size: null };
  return { color: v.color, size: (v.size.find((s) => s.stock > 0) ?? v.size[0])?.name ?? null };
}

/** After a colour change: keep the size if the new colour has it in stock, else its first size in stock. */
export function selectColor(
  variation: Variation[],
  current: VariantSelection,
  color: string,
): VariantSelection {
  const v = variation.find((x) => x.color === color);
  if (!v) return current;
  const keep = v.size.find((s) => s.name === current.size && s.stock > 0);
  const size = keep ?? v.size.find((s) => s.stock > 0) ?? v.size[0];
  return { color, size: size?.name ?? null };
}

/** The image of the chosen colour, else the product's first image. */
export function imageForSelection(product: Pick<Product, "variation">, color: string | null): string | null {
  return product.variation.find((v) => v.color === color)?.image ?? null;
}
