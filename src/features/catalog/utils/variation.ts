import { isAvailable, type Product, type ProductColour } from "@/api/product";

export interface VariantSelection {
  color: string | null;
  size: string | null;
}

/** The first colour with something in stock (else the first colour), and its first size in stock. */
export function defaultSelection(variation: ProductColour[]): VariantSelection {
  const v = variation.find((x) => x.sizes.some((s) => isAvailable(s.stock))) ?? variation[0];
  if (!v) return { color: null, size: null };
  return { color: v.color, size: (v.sizes.find((s) => isAvailable(s.stock)) ?? v.sizes[0])?.name ?? null };
}

/** After a colour change: keep the size if the new colour has it in stock, else its first size in stock. */
export function selectColor(
  variation: ProductColour[],
  current: VariantSelection,
  color: string,
): VariantSelection {
  const v = variation.find((x) => x.color === color);
  if (!v) return current;
  const keep = v.sizes.find((s) => s.name === current.size && isAvailable(s.stock));
  const size = keep ?? v.sizes.find((s) => isAvailable(s.stock)) ?? v.sizes[0];
  return { color, size: size?.name ?? null };
}

/** The image of the chosen colour, else the product's first image. */
export function imageForSelection(product: Pick<Product, "colours">, color: string | null): string | null {
  return product.colours.find((v) => v.color === color)?.image ?? null;
}
