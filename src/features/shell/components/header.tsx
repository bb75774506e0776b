import { lazy, Suspense, useState, type ReactNode } from "react";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import IconButton from "@mui/material/IconButton";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import MenuIcon from "@mui/icons-material/Menu";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import { useQueryClient } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { categoryQueries, ROOT_CATEGORY_ID } from "@/api/categories";
import { ButtonLink, RouterLink } from "@/components/router-links";
import { useFreeDeliveryAmount } from "@/i18n/currency";
import { DESKTOP_CURRENCIES } from "@/i18n/format";
import { SHOP_INFO } from "@/utils/shop-info";
import { CurrencySelect } from "./currency-select";
import { LanguageSelect } from "./language-select";

// Popups load on first use: they are not needed to paint the first screen.
const CategoriesMenu = lazy(() => import("./categories-menu").then((m) => ({ default: m.CategoriesMenu })));
const MobileMenu = lazy(() => import("./mobile-menu").then((m) => ({ default: m.MobileMenu })));

function TopBar() {
  const freeDelivery = useFreeDeliveryAmount();
  return (
    <Box sx={{ bgcolor: "secondary.main", color: "secondary.contrastText" }}>
      <Container
        sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, py: 0.5 }}
      >
        <Typography variant="body2" data-testid="free-delivery">
          <Trans>Free delivery on order over {freeDelivery}</Trans>
        </Typography>
        <Box
          sx={{
            display: { xs: "none", md: "flex" },
            gap: 2,
            bgcolor: "background.paper",
            color: "text.primary",
            px: 1,
            py: 0.25,
            borderRadius: 1,
          }}
        >
          <LanguageSelect id="language-desktop" />
          <CurrencySelect id="currency-desktop" codes={DESKTOP_CURRENCIES} />
        </Box>
      </Container>
    </Box>
  );
}

function CategoriesButton() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        color="inherit"
        id="bicycle-types-button"
        aria-haspopup="true"
        aria-expanded={anchor ? "true" : "false"}
        aria-controls={anchor ? "bicycle-types-menu" : undefined}
        endIcon={<ExpandMoreIcon />}
        onMouseEnter={() => void queryClient.prefetchQuery(categoryQueries.descendants(ROOT_CATEGORY_ID))}
        onClick={(e) => {
          setOpened(true);
          setAnchor(e.currentTarget);
        }}
      >
        {t`Bicycles Types`}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <CategoriesMenu anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}

/** The site header: top bar, logo, main menu, the shopping actions slot and the mobile off-canvas menu. */
export function Header({ actions }: { actions?: ReactNode }) {
  const { t } = useLingui();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [mobileLoaded, setMobileLoaded] = useState(false);
  return (
    <AppBar position="static" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: "divider" }}>
      <TopBar />
      <Container>
        <Toolbar disableGutters sx={{ gap: 1 }}>
          <IconButton
            edge="start"
            sx={{ display: { md: "none" } }}
            aria-label={t`Open menu`}
            onClick={() => {
              setMobileLoaded(true);
              setMobileOpen(true);
            }}
          >
            <MenuIcon />
          </IconButton>
          <RouterLink
            to="/"
            variant="h6"
            underline="none"
            sx={{ fontWeight: 800, color: "primary.main", mr: 3 }}
          >
            {SHOP_INFO.shortName}
          </RouterLink>
          <Box
            component="nav"
            aria-label={t`Main menu`}
            sx={{ display: { xs: "none", md: "flex" }, gap: 1, flexGrow: 1 }}
          >
            <ButtonLink color="inherit" to="/">
              {t`Home`}
            </ButtonLink>
            <ButtonLink color="inherit" to="/page/$slug" params={{ slug: "about-us" }}>
              {t`About Us`}
            </ButtonLink>
            <CategoriesButton />
            <ButtonLink color="inherit" to="/contact">
              {t`Contact Us`}
            </ButtonLink>
          </Box>
          <Box sx={{ flexGrow: { xs: 1, md: 0 } }} />
          {actions}
        </Toolbar>
      </Container>
      {mobileLoaded && (
        <Suspense fallback={null}>
          <MobileMenu open={mobileOpen} onClose={() => setMobileOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}
