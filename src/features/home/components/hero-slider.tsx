import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import { useLingui } from "@lingui/react/macro";
import type { Banner } from "@/api/content";
import { ButtonLink } from "@/components/router-links";
import { HERO_DELAY_MS, HERO_FADE_MS } from "@/components/slider/autoplay";
import { Slider } from "@/components/slider/slider";
import { SliderControls } from "@/components/slider/slider-controls";

export const HERO_WIDTH = 1200;
export const HERO_HEIGHT = 560;
const HERO_RATIO = `${HERO_WIDTH} / ${HERO_HEIGHT}`;

function BannerSlide({ banner, isFirst }: { banner: Banner; isFirst: boolean }) {
  const { t } = useLingui();
  return (
    <Box sx={{ position: "relative" }}>
      <img
        src={banner.image}
        alt=""
        width={HERO_WIDTH}
        height={HERO_HEIGHT}
        loading={isFirst ? "eager" : "lazy"}
        fetchPriority={isFirst ? "high" : "low"}
        style={{ display: "block", width: "100%", height: "auto", aspectRatio: HERO_RATIO }}
      />
      <Box
        sx={{
          position: { sm: "absolute" },
          inset: { sm: 0 },
          display: "flex",
          alignItems: "center",
          px: { xs: 2, sm: 4, md: 8 },
          py: { xs: 2, sm: 0 },
        }}
      >
        <Box sx={{ maxWidth: { sm: "48%" } }}>
          <Typography variant="h2" component="p" sx={{ fontSize: { xs: "1.5rem", md: "2.75rem" }, mb: 1 }}>
            {banner.title}
          </Typography>
          <Typography sx={{ mb: 2, fontSize: { md: "1.15rem" } }}>{banner.subtitle}</Typography>
          <ButtonLink to={banner.link} variant="contained" size="large">
            {t`Shop Now`}
          </ButtonLink>
        </Box>
      </Box>
    </Box>
  );
}

/** The hero: banners fading every 5 s with a 1 s transition, looping (SPEC §9); the first image is the LCP. */
export function HeroSlider({ banners, isLoading }: { banners: readonly Banner[]; isLoading: boolean }) {
  const { t } = useLingui();
  if (isLoading && banners.length === 0) {
    return <Box sx={{ width: "100%", aspectRatio: HERO_RATIO, bgcolor: "grey.100" }} aria-busy="true" />;
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
      sx={{ bgcolor: "grey.50" }}
      renderControls={(slider) => (
        <Container sx={{ pb: 2 }}>
          <SliderControls onPrevious={slider.previous} onNext={slider.next} autoplay={slider.autoplay} />
          <Box sx={{ display: "flex", justifyContent: "center", gap: 0.5, mt: 1 }}>
            {banners.map((banner, i) => {
              const position = i + 1;
              return (
                <IconButton
                  key={banner.id}
                  size="small"
                  onClick={() => slider.goTo(i)}
                  aria-label={t`Show slide ${position}`}
                  aria-current={i === slider.index ? "true" : undefined}
                  sx={{ p: 1.25 }}
                >
                  <Box
                    component="span"
                    sx={{
                      width: 10,
                      height: 10,
                      borderRadius: "50%",
                      bgcolor: i === slider.index ? "primary.main" : "grey.500",
                    }}
                  />
                </IconButton>
              );
            })}
          </Box>
        </Container>
      )}
    />
  );
}

/** All hero banners at once (the grid-banner variants): no motion at all. */
export function HeroGrid({ banners }: { banners: readonly Banner[] }) {
  const { t } = useLingui();
  return (
    <Box component="section" aria-label={t`Featured banners`} data-testid="hero-grid">
      <Container sx={{ py: 3, display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "2fr 1fr" } }}>
        {banners.map((banner, i) => (
          <Box
            key={banner.id}
            sx={{
              gridRow: { md: i === 0 ? "span 2" : "auto" },
              borderRadius: 1,
              overflow: "hidden",
              bgcolor: "grey.50",
            }}
          >
            <BannerSlide banner={banner} isFirst={i === 0} />
          </Box>
        ))}
      </Container>
    </Box>
  );
}
