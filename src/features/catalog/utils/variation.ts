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

/**
 * The selection with the rider's recommended size (size finder): in the chosen colour when the shopper picked
 * one (if it has that size), else in the first colour that has it in stock, else the first that has it at all
 * (out of stock, it is still their size); unchanged when no colour has it.
 */
export function preferSize(
  variation: ProductColour[],
  current: VariantSelection,
  size: string,
  keepColor: boolean,
): VariantSelection {
  const has = (v: ProductColour, inStock: boolean) =>
    v.sizes.some((s) => s.name === size && (!inStock || isAvailable(s.stock)));
  const chosen = variation.find((v) => v.color === current.color);
  const v = keepColor
    ? chosen && has(chosen, false)
      ? chosen
      : undefined
    : (variation.find((x) => has(x, true)) ??
      (chosen && has(chosen, false) ? chosen : undefined) ??
      variation.find((x) => has(x, false)));
  return v ? { color: v.color, size } : current;
}
