// The message catalogues of each language (lingui.config.ts, decision 059): `first` is what the first screen
// loads before it renders, `pages` loads with any other page or popup.
export const CATALOGUES = ["first", "pages"];

/** The .po file of `catalogue` in `locale`. */
export const catalogueFile = (locale, catalogue) => `src/i18n/locales/${locale}/${catalogue}.po`;

/**
 * The source files whose messages go into the `pages` catalogue (decision 059): code that only a page other than
 * the home page, or a popup, draws, and that loads through `withCatalogue` (a route's `pageComponent`,
 * `themedRoute`, `lazyThemed`), which loads the catalogue with it. Every other file's messages are in `first`,
 * which the first screen loads before it renders. A message used on both sides is in both catalogues.
 * src/i18n/catalogue-split.test.ts checks that no file of the first screen reaches a file named here other than
 * through those wrappers.
 */
export const PAGE_FILES = [
  "src/routes/!(home)-page.tsx",
  "src/**/mui/**/*.tsx",
  "src/components/qr/*.tsx",
  "src/features/account/components/{login-form,login-register-view,my-account-view,new-password-fields,otp-login-form,register-form,reset-password-view}.tsx",
  "src/features/account/hooks/{use-login-success,use-logout}.ts",
  "src/features/cart/components/cart-view.tsx",
  "src/features/catalog/components/{catalog-filters,catalog-pagination,catalog-skeleton,catalog-toolbar,catalog-view}.tsx",
  "src/features/catalog/components/{product-detail,product-gallery,product-grid,product-info-tabs,product-reviews,product-slider,product-specs,size-finder,variation-pickers}.tsx",
  "src/features/checkout/components/checkout-view.tsx",
  "src/features/checkout/hooks/use-checkout.ts",
  "src/features/compare/components/compare-view.tsx",
  "src/features/content/components/*.tsx",
  "src/features/content/hooks/*.ts",
  "src/features/counter/components/*.tsx",
  "src/features/offline-packs/components/pack-storage-list.tsx",
  "src/features/offline-packs/hooks/use-save-pack.ts",
  "src/features/offline-status/components/storage-panel.tsx",
  "src/features/search/components/search-view.tsx",
  "src/features/shell/components/newsletter-confirm-view.tsx",
  "src/features/showroom/components/showroom-requests.tsx",
  "src/features/wishlist/components/wishlist-view.tsx",
  // The words of waiting changes (the change queue panel), loaded with the catalogue by the root layout.
  "src/features/*/outbox/*-changes.ts",
  "src/components/feedback/as-of-notice.tsx",
];
