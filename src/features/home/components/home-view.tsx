import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { createTheme, ThemeProvider, type Theme } from "@mui/material/styles";
import { visuallyHidden } from "@mui/utils";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, type ReactNode } from "react";
import { contentQueries, type Banner } from "@/api/content";
import { RouterLink } from "@/components/router-links";
import { usePageMeta } from "@/hooks/use-page-meta";
import { SHOP_INFO } from "@/utils/shop-info";
import { homeLayoutFor, type HomeLayout } from "../utils/home-layouts";
import { HeroGrid, HeroSlider } from "./hero-slider";
import type { RenderProduct } from "./product-sections";
import { gridListSx } from "@/components/layout/grid-list";

// Everything below the hero is its own chunk: the first screen (the hero, the LCP) never waits for it.
const HomeSections = lazy(() => import("./home-sections").then((m) => ({ default: m.HomeSections })));

function SplitSide({ banners }: { banners: readonly Banner[] }) {
  return (
    <Box component="ul" sx={{ ...gridListSx, gap: 2, alignContent: "start" }}>
      {banners.map((b) => (
        <Box
          component="li"
          key={b.id}
          sx={{ position: "relative", bgcolor: "grey.50", borderRadius: 1, overflow: "hidden" }}
        >
          <img
            src={b.image}
            alt=""
            width={600}
            height={400}
            decoding="async"
            style={{ display: "block", width: "100%", height: "auto" }}
          />
          <Box sx={{ p: 1.5 }}>
            <RouterLink
              to={b.link}
              sx={{ fontWeight: 700, "&::after": { content: '""', position: "absolute", inset: 0 } }}
            >
              {b.title}
            </RouterLink>
            <Typography variant="body2" color="text.secondary">
              {b.subtitle}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function Hero({ style }: { style: HomeLayout["hero"] }) {
  const { data, isPending } = useQuery(contentQueries.banners());
  const all = data ?? [];
  const slides = all.filter((b) => b.type === "slider");
  if (style === "grid" && slides.length > 0) return <HeroGrid banners={slides} />;
  if (style === "split") {
    return (
      <Container sx={{ py: 3, display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "2fr 1fr" } }}>
        <Box sx={{ borderRadius: 1, overflow: "hidden", minWidth: 0 }}>
          <HeroSlider banners={slides} isLoading={isPending} />
        </Box>
        <SplitSide banners={all.filter((b) => b.type === "promo").slice(0, 2)} />
      </Container>
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
  const accentTheme = useCallback(
    (outer: Theme) =>
      layout.accent
        ? createTheme(outer, {
            palette: { primary: outer.palette.augmentColor({ color: { main: layout.accent } }) },
          })
        : outer,
    [layout.accent],
  );

  const content = (
    <Box data-testid="home" data-variant={variant ?? "/"} data-hero={layout.hero}>
      <Typography variant="h1" sx={visuallyHidden}>
        {SHOP_INFO.name}
      </Typography>
      {layout.sections[0] === "hero" && <Hero style={layout.hero} />}
      {actions && <Container sx={{ minHeight: 48 }}>{actions}</Container>}
      <Suspense fallback={<Box sx={{ minHeight: "100vh" }} aria-busy="true" />}>
        <HomeSections layout={layout} renderProduct={renderProduct} />
      </Suspense>
    </Box>
  );
  return layout.accent ? <ThemeProvider theme={accentTheme}>{content}</ThemeProvider> : content;
}
