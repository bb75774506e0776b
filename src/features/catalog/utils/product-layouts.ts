/** The product variants of SPEC §2 are one detail layout; each variant is this data. */
export interface ProductLayout {
  /** where the thumbnails sit, or a horizontal slider of every image */
  gallery: "below" | "left" | "right" | "slider";
  /** the information column stays in view while the images scroll */
  stickyInfo: boolean;
  /** the image stays in view while the information scrolls */
  fixedImage: boolean;
  /** the description/specs/reviews tabs: horizontal, or a vertical list on the left or right */
  tabs: "top" | "left" | "right";
}

export const DEFAULT_PRODUCT_LAYOUT: ProductLayout = {
  gallery: "below",
  stickyInfo: false,
  fixedImage: false,
  tabs: "top",
};

const LAYOUTS: Record<string, ProductLayout> = {
  "/product-tab-left": { gallery: "left", stickyInfo: false, fixedImage: false, tabs: "left" },
  "/product-tab-right": { gallery: "right", stickyInfo: false, fixedImage: false, tabs: "right" },
  "/product-sticky": { gallery: "below", stickyInfo: true, fixedImage: false, tabs: "top" },
  "/product-slider": { gallery: "slider", stickyInfo: false, fixedImage: false, tabs: "top" },
  "/product-fixed-image": { gallery: "below", stickyInfo: false, fixedImage: true, tabs: "top" },
};

export function productLayoutOf(variant: string | undefined): ProductLayout {
  return (variant && LAYOUTS[variant]) || DEFAULT_PRODUCT_LAYOUT;
}
