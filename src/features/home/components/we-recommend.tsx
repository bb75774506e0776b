import { useDeferredValue } from "react";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { catalogQueries } from "@/api/catalog";
import { isMissingService } from "@/api/client";
import { SPEC_LABELS } from "@/i18n/spec-labels";
import { CAROUSEL_DELAY_MS } from "@/components/slider/autoplay";
import { toRecommendSlide, type RecommendSlide } from "../utils/recommend-slide";
import { Slider } from "@/components/slider/slider";
import { HomeSection } from "./home-section";
import "./we-recommend.css";
import { useLocale } from "@/i18n/i18n";

/** SPEC §7: product-with-additional-information with new=1 and limit=4. */
export const RECOMMEND_LIMIT = 4;
const IMAGE_SIZE = 480;

function RecommendCard({ slide }: { slide: RecommendSlide }) {
  const { t } = useLingui();
  const colourNames = slide.colours.map((c) => c.label).join(", ");
  return (
    <article className="ui-card ui-card--outlined recommend-card">
      <Link to="/product/$urlKey" params={{ urlKey: slide.urlKey }} className="recommend-card__link">
        <img
          className="recommend-card__image"
          src={slide.image}
          alt=""
          width={IMAGE_SIZE}
          height={IMAGE_SIZE}
          loading="lazy"
          decoding="async"
        />
        <div className="recommend-card__content">
          <div className="recommend-card__title">
            <h3 className="ui-h3 recommend-card__name">{slide.name}</h3>
            <span className="ui-chip ui-chip--primary">{t`Bestseller`}</span>
          </div>
          {slide.category && <p className="ui-body1 ui-muted recommend-card__category">{slide.category}</p>}
        </div>
      </Link>
      <div className="recommend-card__content recommend-card__details">
        <dl className="recommend-card__specs">
          {slide.specs.map((spec) => (
            <div key={spec.code}>
              <dt>{t(SPEC_LABELS[spec.code])}</dt>
              <dd>{spec.value}</dd>
            </div>
          ))}
        </dl>
        {slide.colours.length > 0 && (
          <div role="img" aria-label={t`Colours: ${colourNames}`} className="recommend-card__colours">
            {slide.colours.map((c) => (
              <span key={c.swatch} className="recommend-card__swatch" style={{ backgroundColor: c.swatch }} />
            ))}
          </div>
        )}
      </div>
    </article>
  );
}

/** 'We Recommend': newly arrived bikes with their specs, centred, 3 wide and 1 under 768 px, every 3 s. */
export function WeRecommend() {
  const { t } = useLingui();
  const locale = useLocale();
  const query = useQuery(catalogQueries.newWithInformation(RECOMMEND_LIMIT, locale));
  // The slides mount in a background render when the data arrives (not in one long task). Data and status
  // are deferred together; the result object itself is new at every render.
  const data = useDeferredValue(query.data);
  const status = useDeferredValue(query.status);
  const slides = (data ?? []).map(toRecommendSlide);
  // A back end without this list (a stock Bagisto), or a list that could not be loaded (SPEC §8: silently
  // ignored): no section, rather than an empty one or 'No Product available!', which it is not.
  if (isMissingService(query.error) || (status === "error" && !data)) return null;
  return (
    <HomeSection title={t`We Recommend`} subtitle={t`Newly arrived in the workshop`} testId="home-recommend">
      {status === "pending" ? (
        <div style={{ minHeight: 480 }} aria-busy="true" />
      ) : slides.length === 0 ? (
        <p className="ui-body1 home-section__empty">{t`No Product available!`}</p>
      ) : (
        <Slider
          label={t`We recommend`}
          items={slides}
          getKey={(s) => s.id}
          renderItem={(slide) => <RecommendCard slide={slide} />}
          perView={[
            [0, 1],
            [768, 3],
          ]}
          autoplayMs={CAROUSEL_DELAY_MS}
          centered
        />
      )}
    </HomeSection>
  );
}
