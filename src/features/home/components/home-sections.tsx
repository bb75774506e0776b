import type { ReactNode } from "react";
import { RevealOnView } from "@/components/reveal-on-view";
import type { HomeLayout, HomeSection } from "../utils/home-layouts";
import { BrandSlider, Counters, PromoBanners, Team } from "./content-sections";
import { BestsellerSlider, CategoryGrid, FeaturedProducts, type RenderProduct } from "./product-sections";
import { WeRecommend } from "./we-recommend";

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
      {below.map((section) => (
        <RevealOnView key={section}>
          <div>{sections[section]()}</div>
        </RevealOnView>
      ))}
    </>
  );
}
