/** The shop variants of SPEC §2 are one list layout; each variant is this data. */
export interface ShopLayout {
  view: "grid" | "list";
  /** products per row at the widest breakpoint */
  columns: number;
  /** where the filters sit; "top" is a filter bar above the list */
  filters: "left" | "right" | "top" | "none";
  fullWidth: boolean;
}

export const DEFAULT_SHOP_LAYOUT: ShopLayout = {
  view: "grid",
  columns: 3,
  filters: "left",
  fullWidth: false,
};

const LAYOUTS: Record<string, ShopLayout> = {
  "/shop-grid-standard": DEFAULT_SHOP_LAYOUT,
  "/shop-grid-filter": { view: "grid", columns: 4, filters: "top", fullWidth: false },
  "/shop-grid-two-column": { view: "grid", columns: 2, filters: "left", fullWidth: false },
  "/shop-grid-no-sidebar": { view: "grid", columns: 4, filters: "none", fullWidth: false },
  "/shop-grid-full-width": { view: "grid", columns: 4, filters: "left", fullWidth: true },
  "/shop-grid-right-sidebar": { view: "grid", columns: 3, filters: "right", fullWidth: false },
  "/shop-list-standard": { view: "list", columns: 1, filters: "left", fullWidth: false },
  "/shop-list-full-width": { view: "list", columns: 1, filters: "left", fullWidth: true },
  "/shop-list-two-column": { view: "list", columns: 2, filters: "left", fullWidth: false },
};

/** The layout of a shop variant path; the catalogue pages use the default. */
export function shopLayoutOf(variant: string | undefined): ShopLayout {
  return (variant && LAYOUTS[variant]) || DEFAULT_SHOP_LAYOUT;
}
