import { ADDITIONAL_INFO_CODES } from "@/api/contract/product";
import type { Product } from "@/api/product";

export type SpecCode = (typeof ADDITIONAL_INFO_CODES)[number];

export interface CompareRow<K extends string = string> {
  key: K;
  values: string[];
  /** true when at least two products differ on this row */
  differs: boolean;
}

const EMPTY = "—";

/** A bicycle spec (frame, tyre size, …) read by code from the product's additional information. */
export function specValue(product: Product, code: string): string {
  const entry = product.specs.find((e) => e.code === code);
  const v = entry?.value;
  return v === null || v === undefined || v === "" ? EMPTY : String(v);
}

function row<K extends string>(key: K, values: string[]): CompareRow<K> {
  return { key, values, differs: new Set(values).size > 1 };
}

/** The spec rows of the compare table, each flagged when the products differ. */
export function specRows(products: Product[]): CompareRow<SpecCode>[] {
  return ADDITIONAL_INFO_CODES.map((code) =>
    row(
      code,
      products.map((p) => specValue(p, code)),
    ),
  );
}

/** Colours and sizes offered, as text. */
export function variationRows(products: Product[]): CompareRow<"colors" | "sizes">[] {
  const colors = products.map((p) => p.colours.map((v) => v.color).join(", ") || EMPTY);
  const sizes = products.map(
    (p) =>
      [...new Set(p.colours.flatMap((v) => v.sizes.map((s) => s.name.toUpperCase())))].join(", ") || EMPTY,
  );
  return [row("colors", colors), row("sizes", sizes)];
}

export { row as compareRow };
