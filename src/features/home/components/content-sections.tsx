import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { contentQueries, type Banner } from "@/api/content";
import { RouterLink } from "@/components/router-links";
import { useCurrency } from "@/i18n/currency";
import { formatCount } from "@/i18n/format";
import { useLocale } from "@/i18n/i18n";
import { CAROUSEL_DELAY_MS } from "@/components/slider/autoplay";
import { Slider } from "@/components/slider/slider";
import { HomeSection } from "./home-section";
import { gridListSx } from "@/components/layout/grid-list";

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
            src={brand.image}
            alt={brand.name}
            width={240}
            height={120}
            loading="lazy"
            decoding="async"
            style={{ display: "block", width: "100%", height: "auto" }}
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
    <Card variant="outlined" sx={{ position: "relative", height: "100%", bgcolor: "grey.50" }}>
      <img
        src={banner.image}
        alt=""
        width={600}
        height={400}
        loading="lazy"
        decoding="async"
        style={{ display: "block", width: "100%", height: "auto" }}
      />
      <CardContent>
        <Typography variant="h3" sx={{ fontSize: "1.2rem" }}>
          <RouterLink
            to={banner.link}
            color="inherit"
            sx={{ "&::after": { content: '""', position: "absolute", inset: 0 } }}
          >
            {banner.title}
          </RouterLink>
        </Typography>
        <Typography color="text.secondary">{banner.subtitle}</Typography>
        {banner.price !== null && (
          <Typography sx={{ fontWeight: 700, fontSize: "1.15rem" }} data-testid="promo-price">
            {format(banner.price)}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** The three promo banners: image, title, subtitle, price in the chosen currency, link. */
export function PromoBanners() {
  const { t } = useLingui();
  const { data } = useQuery(contentQueries.banners());
  const promos = (data ?? []).filter((b) => b.type === "promo").slice(0, 3);
  if (promos.length === 0) return null;
  return (
    <HomeSection title={t`Special Offers`} testId="home-promo">
      <Box
        component="ul"
        sx={{
          ...gridListSx,
          gap: 2,
          gridTemplateColumns: { xs: "1fr", sm: "repeat(3, 1fr)" },
        }}
      >
        {promos.map((banner) => (
          <li key={banner.id}>
            <PromoCard banner={banner} />
          </li>
        ))}
      </Box>
    </HomeSection>
  );
}

/** Counters from GET about (products, years, brands, customers). */
export function Counters() {
  const { t } = useLingui();
  const locale = useLocale();
  const { data } = useQuery(contentQueries.about());
  if (!data || data.counters.length === 0) return null;
  return (
    <HomeSection title={t`Velora in Numbers`} testId="about-counters">
      <Box
        component="dl"
        sx={{
          m: 0,
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "repeat(2, 1fr)", md: "repeat(4, 1fr)" },
          textAlign: "center",
        }}
      >
        {data.counters.map((c) => (
          <Box key={c.id} sx={{ display: "flex", flexDirection: "column-reverse" }}>
            <Typography component="dt" color="text.secondary">
              {c.label}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, fontSize: "2rem", fontWeight: 700, color: "primary.main" }}
            >
              {formatCount(c.value, locale)}
              {c.suffix}
            </Typography>
          </Box>
        ))}
      </Box>
    </HomeSection>
  );
}

/** Team members from GET about. */
export function Team() {
  const { t } = useLingui();
  const { data } = useQuery(contentQueries.about());
  if (!data || data.team.length === 0) return null;
  return (
    <HomeSection title={t`Our Team`} testId="about-team">
      <Box
        component="ul"
        sx={{
          ...gridListSx,
          gap: 2,
          gridTemplateColumns: { xs: "repeat(2, 1fr)", md: "repeat(4, 1fr)" },
        }}
      >
        {data.team.map((member) => (
          <Box component="li" key={member.id} sx={{ textAlign: "center" }}>
            <img
              src={member.image}
              alt=""
              width={160}
              height={160}
              loading="lazy"
              decoding="async"
              style={{ borderRadius: "50%", width: 120, height: 120 }}
            />
            <Typography variant="h3" sx={{ fontSize: "1.1rem", mt: 1 }}>
              {member.name}
            </Typography>
            <Typography color="text.secondary">{member.role}</Typography>
          </Box>
        ))}
      </Box>
    </HomeSection>
  );
}
