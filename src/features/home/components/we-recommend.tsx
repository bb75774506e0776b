import { useDeferredValue } from "react";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
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

/** SPEC §7: product-with-additional-information with new=1 and limit=4. */
export const RECOMMEND_LIMIT = 4;
const IMAGE_SIZE = 480;

function RecommendCard({ slide }: { slide: RecommendSlide }) {
  const { t } = useLingui();
  const colourNames = slide.colours.map((c) => c.label).join(", ");
  return (
    <Card variant="outlined" component="article" sx={{ height: "100%" }}>
      <Link
        to="/product/$urlKey"
        params={{ urlKey: slide.urlKey }}
        style={{ display: "block", color: "inherit", textDecoration: "none" }}
      >
        <img
          src={slide.image}
          alt=""
          width={IMAGE_SIZE}
          height={IMAGE_SIZE}
          loading="lazy"
          decoding="async"
          style={{ display: "block", width: "100%", height: "auto", aspectRatio: "1 / 1" }}
        />
        <CardContent>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
            <Typography variant="h3" sx={{ fontSize: "1.1rem" }}>
              {slide.name}
            </Typography>
            <Chip size="small" color="primary" label={t`Bestseller`} />
          </Box>
          {slide.category && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {slide.category}
            </Typography>
          )}
        </CardContent>
      </Link>
      <CardContent sx={{ pt: 0 }}>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: "grid",
            gridTemplateColumns: "auto 1fr",
            columnGap: 1.5,
            rowGap: 0.25,
            fontSize: "0.875rem",
            "& dt": { color: "text.secondary" },
            "& dd": { m: 0 },
          }}
        >
          {slide.specs.map((spec) => (
            <Box key={spec.code} sx={{ display: "contents" }}>
              <dt>{t(SPEC_LABELS[spec.code])}</dt>
              <dd>{spec.value}</dd>
            </Box>
          ))}
        </Box>
        {slide.colours.length > 0 && (
          <Box
            role="img"
            aria-label={t`Colours: ${colourNames}`}
            sx={{ display: "flex", gap: 0.75, mt: 1.5 }}
          >
            {slide.colours.map((c) => (
              <Box
                key={c.swatch}
                component="span"
                sx={{
                  width: 16,
                  height: 16,
                  borderRadius: "50%",
                  bgcolor: c.swatch,
                  border: 1,
                  borderColor: "grey.400",
                }}
              />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** 'We Recommend': newly arrived bikes with their specs, centred, 3 wide and 1 under 768 px, every 3 s. */
export function WeRecommend() {
  const { t } = useLingui();
  const query = useQuery(catalogQueries.newWithInformation(RECOMMEND_LIMIT));
  // The slides mount in a background render when the data arrives (not in one long task). Data and status
  // are deferred together; the result object itself is new at every render.
  const data = useDeferredValue(query.data);
  const status = useDeferredValue(query.status);
  const slides = (data ?? []).map(toRecommendSlide);
  // A back end without this list (a stock Bagisto): no section, rather than an empty one.
  if (isMissingService(query.error)) return null;
  return (
    <HomeSection title={t`We Recommend`} subtitle={t`Newly arrived in the workshop`} testId="home-recommend">
      {status === "pending" ? (
        <Box sx={{ minHeight: 480 }} aria-busy="true" />
      ) : slides.length === 0 || status === "error" ? (
        <Typography sx={{ textAlign: "center", py: 4 }}>{t`No Product available!`}</Typography>
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
