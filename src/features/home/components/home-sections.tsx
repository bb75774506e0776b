import { lazy, Suspense, type ReactNode } from "react";
import { asPageCode } from "@/render/lazy-page";
import { RevealOnView } from "@/render/reveal-on-view";
import type { HomeLayout, HomeSection } from "../utils/home-layouts";
import type { RenderProduct } from "./product-sections";

// Each section's code loads when its place nears the screen (RevealOnView mounts it, the lazy component then
// starts its import): a first visit downloads only the sections it shows, not the tab bar, the brand slider or
// the counters further down.
const productSections = () => import("./product-sections");
const contentSections = () => import("./content-sections");
const BestsellerSlider = lazy(
  asPageCode(() => productSections().then((m) => ({ default: m.BestsellerSlider }))),
);
const CategoryGrid = lazy(asPageCode(() => productSections().then((m) => ({ default: m.CategoryGrid }))));
const FeaturedProducts = lazy(
  asPageCode(() => import("./featured-products").then((m) => ({ default: m.FeaturedProducts }))),
);
const WeRecommend = lazy(
  asPageCode(() => import("./we-recommend").then((m) => ({ default: m.WeRecommend }))),
);
const BrandSlider = lazy(asPageCode(() => contentSections().then((m) => ({ default: m.BrandSlider }))));
const PromoBanners = lazy(asPageCode(() => contentSections().then((m) => ({ default: m.PromoBanners }))));
const Counters = lazy(asPageCode(() => contentSections().then((m) => ({ default: m.Counters }))));
const Team = lazy(asPageCode(() => contentSections().then((m) => ({ default: m.Team }))));

/** The home sections after the hero, in the order the layout lists them. */
export function HomeSections({
  layout,
  renderProduct,
}: {
  layout: HomeLayout;
  renderProduct: RenderProduct;
}) {
  const sections: Record<Exclude<HomeSection, "hero">, () => ReactNode> = {
    bestsellers: () => <BestsellerSlider renderProduct={renderProduct} />,
    recommend: () => <WeRecommend />,
    "category-grid": () => <CategoryGrid renderProduct={renderProduct} />,
    featured: () => <FeaturedProducts renderProduct={renderProduct} showTabBar={layout.featuredTabBar} />,
    brands: () => <BrandSlider wide={layout.brandsWide} />,
    promo: () => <PromoBanners />,
    counters: () => <Counters />,
    team: () => <Team />,
  };
  const below = layout.sections.filter((s): s is Exclude<HomeSection, "hero"> => s !== "hero");
  // Each block mounts as it nears the screen: the first screen (the hero) does not wait for the rest.
  return (
    <>
      {below.map((name) => (
        <RevealOnView key={name}>
          <Suspense fallback={<div className="home__pending" aria-busy="true" />}>
            <div>{sections[name]()}</div>
          </Suspense>
        </RevealOnView>
      ))}
    </>
  );
}
