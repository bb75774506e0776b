import { useState } from "react";
import type { Product } from "@/api/product";
import { defaultSelection, preferSize, selectColor, type VariantSelection } from "../utils/variation";

/** The colour and size a shopper picks on a detail or quick view, with the sizes of the chosen colour. */
export type VariantSelectionState = ReturnType<typeof useVariantSelection>;

/**
 * `preferredSize` (the size finder's recommendation) is the default size until the shopper picks a size
 * themselves; it follows a colour they pick when that colour has it.
 */
export function useVariantSelection(product: Pick<Product, "colours">, preferredSize: string | null = null) {
  const [picked, setPicked] = useState(() => ({
    selection: defaultSelection(product.colours) as VariantSelection,
    color: false,
    size: false,
  }));
  const selection =
    preferredSize === null || picked.size
      ? picked.selection
      : preferSize(product.colours, picked.selection, preferredSize, picked.color);
  const current = product.colours.find((v) => v.color === selection.color);
  return {
    selection,
    hasVariations: product.colours.length > 0,
    colors: product.colours,
    sizes: current?.sizes ?? [],
    onColorChange: (color: string) =>
      setPicked((p) => ({ ...p, selection: selectColor(product.colours, selection, color), color: true })),
    onSizeChange: (size: string) =>
      setPicked((p) => ({ ...p, selection: { ...selection, size }, size: true })),
  };
}
