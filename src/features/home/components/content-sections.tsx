import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { contentQueries, type Banner } from "@/api/content";
import { useCurrency } from "@/i18n/currency";
import { formatCount } from "@/i18n/format";
import { useLocale } from "@/i18n/i18n";
import { CAROUSEL_DELAY_MS } from "@/components/slider/autoplay";
import { Slider } from "@/components/slider/slider";
import { cardGrid } from "@/components/ui/card-grid";
import { HomeSection } from "./home-section";
import "./content-sections.css";

/** The promo banners: three a row from 600 px. */
const PROMO_GRID = cardGrid({ sm: 3, gap: 16 });
/** The counters and the team: two a row, four from 900 px. */
const ABOUT_GRID = cardGrid({ xs: 2, md: 4, gap: 16 });

/** Brand logos: autoplay every 3 s, 2/3/4/5–6 per view at 320/640/768/1024 px (SPEC §2). */
export function BrandSlider({ wide }: { wide: 5 | 6 }) {
  const { t } = useLingui();
  const { data } = useQuery(contentQueries.brands());
  if (!data || data.length === 0) return null;
  return (
    <HomeSection title={t`Our Brands`} testId="home-brands">
      <Slider
        label={t`Brands`}
        items={data}
        getKey={(b) => b.id}
        renderItem={(brand) => (
          <img
            className="brand-logo"
            src={brand.image}
            alt={brand.name}
            width={240}
            height={120}
            loading="lazy"
            decoding="async"
          />
        )}
        perView={[
          [0, 2],
          [640, 3],
          [768, 4],
          [1024, wide],
        ]}
        autoplayMs={CAROUSEL_DELAY_MS}
      />
    </HomeSection>
  );
}

function PromoCard({ banner }: { banner: Banner }) {
  const { format } = useCurrency();
  return (
    <div className="ui-card ui-card--outlined promo-card">
      <img
        className="promo-card__image"
        src={banner.image}
        alt=""
        width={600}
        height={400}
        loading="lazy"
        decoding="async"
      />
      <div className="promo-card__content">
        <h3 className="ui-h3 promo-card__title">
          <Link to={banner.link} className="ui-link promo-card__link">
            {banner.title}
          </Link>
        </h3>
        <p className="ui-body1 ui-muted">{banner.subtitle}</p>
        {banner.price !== null && (
          <p className="ui-body1 promo-card__price" data-testid="promo-price">
            {format(banner.price)}
          </p>
        )}
      </div>
    </div>
  );
}

/** The three promo banners: image, title, subtitle, price in the chosen currency, link. */
export function PromoBanners() {
  const { t } = useLingui();
  const locale = useLocale();
  const { data } = useQuery(contentQueries.banners(locale));
  const promos = (data ?? []).filter((b) => b.type === "promo").slice(0, 3);
  if (promos.length === 0) return null;
  return (
    <HomeSection title={t`Special Offers`} testId="home-promo">
      <ul className="ui-card-grid" style={PROMO_GRID}>
        {promos.map((banner) => (
          <li key={banner.id}>
            <PromoCard banner={banner} />
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}

const BLOCKS_GRID = cardGrid({ xs: 1, md: 3, gap: 16 });

/** The about-page blocks from GET about (vision, mission, goal). */
export function AboutBlocks() {
  const { t } = useLingui();
  const locale = useLocale();
  const { data } = useQuery(contentQueries.about(locale));
  if (!data || data.blocks.length === 0) return null;
  return (
    <HomeSection title={t`What drives us`} testId="about-blocks">
      <ul className="ui-card-grid" style={BLOCKS_GRID}>
        {data.blocks.map((b) => (
          <li key={b.title} className="about-blocks__item">
            <h3 className="ui-h3 about-blocks__title">{b.title}</h3>
            <p className="ui-body1 ui-muted">{b.text}</p>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}

/** Counters from GET about (products, years, brands, customers). */
export function Counters() {
  const { t } = useLingui();
  const locale = useLocale();
  const { data } = useQuery(contentQueries.about(locale));
  if (!data || data.counters.length === 0) return null;
  return (
    <HomeSection title={t`Velora in Numbers`} testId="about-counters">
      <dl className="ui-card-grid counters" style={ABOUT_GRID}>
        {data.counters.map((c) => (
          <div key={c.id} className="counters__item">
            <dt className="ui-body1 ui-muted">{c.label}</dt>
            <dd className="ui-body1 counters__value">
              {formatCount(c.value, locale)}
              {c.suffix}
            </dd>
          </div>
        ))}
      </dl>
    </HomeSection>
  );
}

/** Team members from GET about. */
export function Team() {
  const { t } = useLingui();
  const locale = useLocale();
  const { data } = useQuery(contentQueries.about(locale));
  if (!data || data.team.length === 0) return null;
  return (
    <HomeSection title={t`Our Team`} testId="about-team">
      <ul className="ui-card-grid" style={ABOUT_GRID}>
        {data.team.map((member) => (
          <li key={member.id} className="team__member">
            <img
              className="team__photo"
              src={member.image}
              alt=""
              width={160}
              height={160}
              loading="lazy"
              decoding="async"
            />
            <h3 className="ui-h3 team__name">{member.name}</h3>
            <p className="ui-body1 ui-muted">{member.role}</p>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
