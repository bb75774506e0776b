import Box from "@mui/material/Box";
import type { ReactNode } from "react";
import { useProgressiveCount } from "../hooks/use-progressive-count";
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
  const shown = useProgressiveCount(below.length);
  return (
    <>
      {below.slice(0, shown).map((section) => (
        <div key={section}>{sections[section]()}</div>
      ))}
      {/* keeps the footer below the first screen while the blocks mount (no layout shift) */}
      {shown < below.length && <Box sx={{ minHeight: "100vh" }} aria-busy="true" />}
    </>
  );
}
