import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { Banner } from "@/api/content";
import { HERO_DELAY_MS, HERO_FADE_MS } from "@/components/slider/autoplay";
import { Slider } from "@/components/slider/slider";
import { SliderControls } from "@/components/slider/slider-controls";
import "./hero-slider.css";

export const HERO_WIDTH = 1200;
export const HERO_HEIGHT = 560;

function BannerSlide({ banner, isFirst }: { banner: Banner; isFirst: boolean }) {
  const { t } = useLingui();
  return (
    <div className="hero-banner">
      <img
        className="hero-banner__image"
        src={banner.image}
        alt=""
        width={HERO_WIDTH}
        height={HERO_HEIGHT}
        loading={isFirst ? "eager" : "lazy"}
        fetchPriority={isFirst ? "high" : "low"}
      />
      <div className="hero-banner__overlay">
        <div className="hero-banner__text">
          <p className="ui-h2 hero-banner__title">{banner.title}</p>
          <p className="ui-body1 hero-banner__subtitle">{banner.subtitle}</p>
          <Link to={banner.link} className="ui-btn ui-btn--contained ui-btn--large">
            {t`Shop Now`}
          </Link>
        </div>
      </div>
    </div>
  );
}

/** The hero: banners fading every 5 s with a 1 s transition, looping (SPEC §9); the first image is the LCP. */
export function HeroSlider({ banners, isLoading }: { banners: readonly Banner[]; isLoading: boolean }) {
  const { t } = useLingui();
  if (isLoading && banners.length === 0) {
    return <div className="hero-slider__loading" aria-busy="true" />;
  }
  if (banners.length === 0) return null;
  return (
    <Slider
      component="section"
      label={t`Featured banners`}
      testId="hero-slider"
      items={banners}
      getKey={(banner) => banner.id}
      renderItem={(banner, i) => <BannerSlide banner={banner} isFirst={i === 0} />}
      effect="fade"
      gap={0}
      speedMs={HERO_FADE_MS}
      autoplayMs={HERO_DELAY_MS}
      className="hero-slider"
      renderControls={(slider) => (
        <div className="ui-container hero-slider__controls">
          <SliderControls onPrevious={slider.previous} onNext={slider.next} autoplay={slider.autoplay} />
          <div className="hero-slider__dots">
            {banners.map((banner, i) => {
              const position = i + 1;
              return (
                <button
                  type="button"
                  key={banner.id}
                  className="ui-icon-btn ui-icon-btn--small hero-slider__dot"
                  onClick={() => slider.goTo(i)}
                  aria-label={t`Show slide ${position}`}
                  aria-current={i === slider.index ? "true" : undefined}
                >
                  <span className="hero-slider__dot-mark" />
                </button>
              );
            })}
          </div>
        </div>
      )}
    />
  );
}

/** All hero banners at once (the grid-banner variants): no motion at all. */
export function HeroGrid({ banners }: { banners: readonly Banner[] }) {
  const { t } = useLingui();
  return (
    <section aria-label={t`Featured banners`} data-testid="hero-grid">
      <div className="ui-container hero-grid">
        {banners.map((banner, i) => (
          <div key={banner.id} className="hero-grid__item">
            <BannerSlide banner={banner} isFirst={i === 0} />
          </div>
        ))}
      </div>
    </section>
  );
}
