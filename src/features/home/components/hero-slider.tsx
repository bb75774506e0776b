import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import { useLingui } from "@lingui/react/macro";
import { useRef, useState } from "react";
import type { Banner } from "@/api/contract/content";
import { ButtonLink } from "@/components/router-links";
import { useAutoplay } from "../hooks/use-autoplay";
import { HERO_DELAY_MS, HERO_FADE_MS, loopIndex } from "../utils/autoplay";
import { SliderControls } from "./slider-controls";

export const HERO_WIDTH = 1200;
export const HERO_HEIGHT = 560;
const HERO_RATIO = `${HERO_WIDTH} / ${HERO_HEIGHT}`;

function BannerSlide({ banner, isFirst }: { banner: Banner; isFirst: boolean }) {
  const { t } = useLingui();
  return (
    <Box sx={{ position: "relative" }}>
      <img
        src={banner.image_url}
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
  const rootRef = useRef<HTMLElement>(null);
  const [index, setIndex] = useState(0);
  const count = banners.length;
  const go = (step: number) => setIndex((i) => loopIndex(i, step, count));
  const autoplay = useAutoplay(rootRef, () => go(1), HERO_DELAY_MS, count);

  if (isLoading && count === 0) {
    return <Box sx={{ width: "100%", aspectRatio: HERO_RATIO, bgcolor: "grey.100" }} aria-busy="true" />;
  }
  if (count === 0) return null;
  const current = Math.min(index, count - 1);

  return (
    <Box
      ref={rootRef}
      component="section"
      aria-roledescription={t`carousel`}
      aria-label={t`Featured banners`}
      data-testid="hero-slider"
      {...autoplay.holdProps}
      sx={{ bgcolor: "grey.50" }}
    >
      <Box
        aria-live={autoplay.isAvailable && !autoplay.isStopped ? "off" : "polite"}
        sx={{ display: "grid" }}
      >
        {banners.map((banner, i) => {
          const isActive = i === current;
          const position = i + 1;
          return (
            <Box
              key={banner.id}
              role="group"
              aria-roledescription={t`slide`}
              aria-label={t`${position} of ${count}`}
              aria-hidden={!isActive}
              inert={!isActive}
              sx={{
                gridArea: "1 / 1",
                opacity: isActive ? 1 : 0,
                visibility: isActive ? "visible" : "hidden",
                zIndex: isActive ? 1 : 0,
                transition: autoplay.reducedMotion
                  ? "none"
                  : `opacity ${HERO_FADE_MS}ms ease, visibility ${HERO_FADE_MS}ms`,
              }}
            >
              <BannerSlide banner={banner} isFirst={i === 0} />
            </Box>
          );
        })}
      </Box>
      {count > 1 && (
        <Container sx={{ pb: 2 }}>
          <SliderControls onPrevious={() => go(-1)} onNext={() => go(1)} autoplay={autoplay} />
          <Box sx={{ display: "flex", justifyContent: "center", gap: 0.5, mt: 1 }}>
            {banners.map((banner, i) => {
              const position = i + 1;
              return (
                <IconButton
                  key={banner.id}
                  size="small"
                  onClick={() => setIndex(i)}
                  aria-label={t`Show slide ${position}`}
                  aria-current={i === current ? "true" : undefined}
                  sx={{ p: 1.25 }}
                >
                  <Box
                    component="span"
                    sx={{
                      width: 10,
                      height: 10,
                      borderRadius: "50%",
                      bgcolor: i === current ? "primary.main" : "grey.500",
                    }}
                  />
                </IconButton>
              );
            })}
          </Box>
        </Container>
      )}
    </Box>
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
