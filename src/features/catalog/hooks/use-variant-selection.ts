import { useState } from "react";
import type { Product } from "@/api/product";
import { defaultSelection, selectColor, type VariantSelection } from "../utils/variation";

/** The colour and size a shopper picks on a detail or quick view, with the sizes of the chosen colour. */
export type VariantSelectionState = ReturnType<typeof useVariantSelection>;

export function useVariantSelection(product: Pick<Product, "colours">) {
  const [selection, setSelection] = useState<VariantSelection>(() => defaultSelection(product.colours));
  const current = product.colours.find((v) => v.color === selection.color);
  return {
    selection,
    hasVariations: product.colours.length > 0,
    colors: product.colours,
    sizes: current?.sizes ?? [],
    onColorChange: (color: string) => setSelection((s) => selectColor(product.colours, s, color)),
    onSizeChange: (size: string) => setSelection((s) => ({ ...s, size })),
  };
}
