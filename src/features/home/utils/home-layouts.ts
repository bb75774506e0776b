/*
 * The home page is one layout configured by data (DESIGN §3 "Template routes"): each template variant of
 * SPEC §2 picks its sections, their order, an accent colour and a hero style, over the bicycle catalogue.
 */
export const HOME_SECTIONS = [
  "hero",
  "bestsellers",
  "recommend",
  "category-grid",
  "featured",
  "brands",
  "promo",
  "counters",
  "team",
] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

/** fade: full-width fading slider; split: slider beside the promo banners; grid: all hero banners at once. */
export type HeroStyle = "fade" | "split" | "grid";

export interface HomeLayout {
  sections: readonly HomeSection[];
  /** Primary colour of the variant (white text on it keeps at least 4.5:1 contrast); null keeps the shop's. */
  accent: string | null;
  hero: HeroStyle;
  /** The Featured Products tab bar: hidden on the bicycle home (SPEC §2), Best Sellers shown. */
  featuredTabBar: boolean;
  /** Brand logos per view from 1024 px wide (SPEC §2: 5 or 6). */
  brandsWide: 5 | 6;
}

const BICYCLE_SECTIONS: readonly HomeSection[] = [
  "hero",
  "bestsellers",
  "recommend",
  "category-grid",
  "featured",
  "brands",
  "promo",
];

export const BICYCLE_HOME: HomeLayout = {
  sections: BICYCLE_SECTIONS,
  accent: null,
  hero: "fade",
  featuredTabBar: false,
  brandsWide: 5,
};

const STORE: readonly HomeSection[] = ["hero", "promo", "featured", "brands", "recommend", "counters"];
const MAGAZINE: readonly HomeSection[] = ["hero", "category-grid", "promo", "bestsellers", "brands"];
const SHOWROOM: readonly HomeSection[] = ["hero", "recommend", "featured", "promo", "brands", "team"];
const SEASONAL: readonly HomeSection[] = ["hero", "promo", "bestsellers", "featured", "counters", "brands"];
const ONE_PAGE: readonly HomeSection[] = [
  "hero",
  "bestsellers",
  "recommend",
  "category-grid",
  "featured",
  "promo",
  "counters",
  "team",
  "brands",
];

function variant(
  accent: string,
  hero: HeroStyle,
  sections: readonly HomeSection[],
  extra: Partial<Pick<HomeLayout, "featuredTabBar" | "brandsWide">> = {},
): HomeLayout {
  return { accent, hero, sections, featuredTabBar: true, brandsWide: 6, ...extra };
}

export const HOME_LAYOUTS: Readonly<Record<string, HomeLayout>> = {
  "/": BICYCLE_HOME,
  "/huge-home": BICYCLE_HOME,
  "/home-fashion": variant("#ad1457", "fade", STORE),
  "/home-fashion-two": variant("#ad1457", "split", MAGAZINE),
  "/home-fashion-three": variant("#6a1b9a", "grid", STORE),
  "/home-fashion-four": variant("#4a148c", "fade", SHOWROOM),
  "/home-fashion-five": variant("#880e4f", "split", SEASONAL),
  "/home-fashion-six": variant("#37474f", "fade", MAGAZINE),
  "/home-fashion-seven": variant("#283593", "grid", SHOWROOM),
  "/home-fashion-eight": variant("#ad1457", "split", STORE, { brandsWide: 5 }),
  "/home-kids-fashion": variant("#6a1b9a", "fade", SEASONAL),
  "/home-cosmetics": variant("#880e4f", "split", SHOWROOM),
  "/home-furniture": variant("#5d4037", "fade", MAGAZINE),
  "/home-furniture-two": variant("#5d4037", "split", STORE),
  "/home-furniture-three": variant("#4e342e", "grid", SHOWROOM),
  "/home-furniture-four": variant("#3e2723", "fade", SEASONAL),
  "/home-furniture-five": variant("#795548", "split", MAGAZINE),
  "/home-furniture-six": variant("#4e342e", "fade", STORE, { brandsWide: 5 }),
  "/home-furniture-seven": variant("#5d4037", "grid", ONE_PAGE),
  "/home-electronics": variant("#0d47a1", "split", STORE),
  "/home-electronics-two": variant("#1565c0", "fade", SHOWROOM),
  "/home-electronics-three": variant("#01579b", "grid", MAGAZINE),
  "/home-book-store": variant("#4e342e", "fade", MAGAZINE),
  "/home-book-store-two": variant("#3e2723", "split", SEASONAL),
  "/home-plants": variant("#2e7d32", "fade", SHOWROOM),
  "/home-flower-shop": variant("#c2185b", "split", STORE),
  "/home-flower-shop-two": variant("#ad1457", "fade", MAGAZINE),
  "/home-organic-food": variant("#33691e", "grid", STORE),
  "/home-organic-food-two": variant("#2e7d32", "split", SEASONAL),
  "/home-onepage-scroll": variant("#37474f", "fade", ONE_PAGE),
  "/home-grid-banner": variant("#283593", "grid", STORE),
  "/home-auto-parts": variant("#b71c1c", "split", SHOWROOM),
  "/home-cake-shop": variant("#8e24aa", "fade", SEASONAL),
  "/home-handmade": variant("#795548", "grid", SHOWROOM),
  "/home-pet-food": variant("#bf360c", "fade", STORE),
  "/home-medical-equipment": variant("#00695c", "split", MAGAZINE),
  "/home-christmas": variant("#1b5e20", "fade", SEASONAL),
  "/home-black-friday": variant("#212121", "grid", SEASONAL),
  "/home-black-friday-two": variant("#212121", "split", STORE),
  "/home-valentines-day": variant("#c62828", "fade", SHOWROOM),
};

/** The layout of a home route; unknown variants get the bicycle home. */
export function homeLayoutFor(variant: string | undefined): HomeLayout {
  return (variant && HOME_LAYOUTS[variant]) || BICYCLE_HOME;
}
