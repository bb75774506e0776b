/*
 * The template variants of SPEC §2. Each family is one layout configured by data; these are only the paths.
 */
export const HOME_VARIANT_PATHS = [
  "/home-fashion",
  "/home-fashion-two",
  "/home-fashion-three",
  "/home-fashion-four",
  "/home-fashion-five",
  "/home-fashion-six",
  "/home-fashion-seven",
  "/home-fashion-eight",
  "/home-kids-fashion",
  "/home-cosmetics",
  "/home-furniture",
  "/home-furniture-two",
  "/home-furniture-three",
  "/home-furniture-four",
  "/home-furniture-five",
  "/home-furniture-six",
  "/home-furniture-seven",
  "/home-electronics",
  "/home-electronics-two",
  "/home-electronics-three",
  "/home-book-store",
  "/home-book-store-two",
  "/home-plants",
  "/home-flower-shop",
  "/home-flower-shop-two",
  "/home-organic-food",
  "/home-organic-food-two",
  "/home-onepage-scroll",
  "/home-grid-banner",
  "/home-auto-parts",
  "/home-cake-shop",
  "/home-handmade",
  "/home-pet-food",
  "/home-medical-equipment",
  "/home-christmas",
  "/home-black-friday",
  "/home-black-friday-two",
  "/home-valentines-day",
] as const;

export const SHOP_VARIANT_PATHS = [
  "/shop-grid-standard",
  "/shop-grid-filter",
  "/shop-grid-two-column",
  "/shop-grid-no-sidebar",
  "/shop-grid-full-width",
  "/shop-grid-right-sidebar",
  "/shop-list-standard",
  "/shop-list-full-width",
  "/shop-list-two-column",
] as const;

export const PRODUCT_VARIANT_PATHS = [
  "/product-tab-left",
  "/product-tab-right",
  "/product-sticky",
  "/product-slider",
  "/product-fixed-image",
] as const;

export const BLOG_VARIANT_PATHS = [
  "/blog-standard",
  "/blog-no-sidebar",
  "/blog-right-sidebar",
  "/blog-details-standard",
] as const;
