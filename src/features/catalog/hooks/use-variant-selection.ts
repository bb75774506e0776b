import { useState } from "react";
import type { Product } from "@/api/contract/product";
import { defaultSelection, selectColor, type VariantSelection } from "../utils/variation";

/** The colour and size a shopper picks on a detail or quick view, with the sizes of the chosen colour. */
export type VariantSelectionState = ReturnType<typeof useVariantSelection>;

export function useVariantSelection(product: Pick<Product, "variation">) {
  const [selection, setSelection] = useState<VariantSelection>(() => defaultSelection(product.variation));
  const current = product.variation.find((v) => v.color === selection.color);
  return {
    selection,
    hasVariations: product.variation.length > 0,
    colors: product.variation,
    sizes: current?.size ?? [],
    onColorChange: (color: string) => setSelection((s) => selectColor(product.variation, s, color)),
    onSizeChange: (size: string) => setSelection((s) => ({ ...s, size })),
  };
}
