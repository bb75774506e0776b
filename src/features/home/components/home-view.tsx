import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { lazy, Suspense, type CSSProperties, type ReactNode } from "react";
import { contentQueries, type Banner } from "@/api/content";
import { usePageMeta } from "@/hooks/use-page-meta";
import { asPageCode } from "@/render/lazy-page";
import { useLocale } from "@/i18n/i18n";
import { SHOP_INFO } from "@/utils/shop-info";
import { accentVars } from "../utils/accent-vars";
import { homeLayoutFor, type HomeLayout } from "../utils/home-layouts";
import { HeroGrid, HeroSlider } from "./hero-slider";
import type { RenderProduct } from "./product-sections";
import "./home-view.css";

// Everything below the hero is its own chunk: the first screen (the hero, the LCP) never waits for it.
const HomeSections = lazy(
  asPageCode(() => import("./home-sections").then((m) => ({ default: m.HomeSections }))),
);

function SplitSide({ banners }: { banners: readonly Banner[] }) {
  return (
    <ul className="home-split__side">
      {banners.map((b) => (
        <li key={b.id} className="home-split__promo">
          <img className="home-split__image" src={b.image} alt="" width={600} height={400} decoding="async" />
          <div className="home-split__text">
            <Link to={b.link} className="ui-link home-split__link">
              {b.title}
            </Link>
            <p className="ui-body2 ui-muted">{b.subtitle}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function Hero({ style }: { style: HomeLayout["hero"] }) {
  const locale = useLocale();
  const { data, isPending } = useQuery(contentQueries.banners(locale));
  const all = data ?? [];
  const slides = all.filter((b) => b.type === "slider");
  if (style === "grid" && slides.length > 0) return <HeroGrid banners={slides} />;
  if (style === "split") {
    return (
      <div className="ui-container home-split">
        <div className="home-split__slider">
          <HeroSlider banners={slides} isLoading={isPending} />
        </div>
        <SplitSide banners={all.filter((b) => b.type === "promo").slice(0, 2)} />
      </div>
    );
  }
  return <HeroSlider banners={slides} isLoading={isPending} />;
}

/**
 * The home page: one layout for the bicycle home and every template variant, configured by data
 * (HOME_LAYOUTS: sections, order, accent colour, hero style). Product cards come from the route.
 */
export function HomeView({
  variant,
  renderProduct,
  actions,
}: {
  variant: string | undefined;
  renderProduct: RenderProduct;
  /** shown below the hero (e.g. "Save for offline") */
  actions?: ReactNode;
}) {
  const { t } = useLingui();
  const layout = homeLayoutFor(variant);
  usePageMeta(
    t`Mountain, road, fat, city and kids bikes`,
    t`Shop mountain, road, fat, city/hybrid and kids/BMX bicycles from Velora. Free delivery on larger orders.`,
  );

  return (
    <div
      data-testid="home"
      data-variant={variant ?? "/"}
      data-hero={layout.hero}
      // The variant's accent replaces the shop's primary colour in everything the home page draws.
      style={layout.accent ? (accentVars(layout.accent) as CSSProperties) : undefined}
    >
      <h1 className="ui-h1 ui-visually-hidden">{SHOP_INFO.name}</h1>
      {layout.sections[0] === "hero" && <Hero style={layout.hero} />}
      {actions && <div className="ui-container home__actions">{actions}</div>}
      <Suspense fallback={<div className="home__pending" aria-busy="true" />}>
        <HomeSections layout={layout} renderProduct={renderProduct} />
      </Suspense>
    </div>
  );
}
