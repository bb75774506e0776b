import { useState, type ReactNode } from "react";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Menu from "@mui/material/Menu";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import MenuIcon from "@mui/icons-material/Menu";
import CloseIcon from "@mui/icons-material/Close";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { SHOP_INFO } from "@/utils/shop-info";
import { categoryQueries } from "@/api/categories";
import { ButtonLink, ListItemLink, MenuItemLink, RouterLink } from "@/components/router-links";
import { useCurrency } from "@/i18n/currency";
import { DESKTOP_CURRENCIES, MOBILE_CURRENCIES } from "@/i18n/format";
import { CurrencySelect } from "./currency-select";
import { LanguageSelect } from "./language-select";

export const ROOT_CATEGORY_ID = 1;

function TopBar() {
  const { freeDelivery } = useCurrency();
  return (
    <Box sx={{ bgcolor: "secondary.main", color: "secondary.contrastText" }}>
      <Container sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, py: 0.5 }}>
        <Typography variant="body2" data-testid="free-delivery">
          <Trans>Free delivery on order over {freeDelivery}</Trans>
        </Typography>
        <Box
          sx={{
            display: { xs: "none", md: "flex" },
            gap: 2,
            bgcolor: "background.paper",
            px: 1,
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

function CategoriesMenu() {
  const { t } = useLingui();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data: categories = [] } = useQuery(categoryQueries.descendants(ROOT_CATEGORY_ID));
  return (
    <>
      <Button
        color="inherit"
        id="bicycle-types-button"
        aria-haspopup="true"
        aria-expanded={anchor ? "true" : "false"}
        aria-controls={anchor ? "bicycle-types-menu" : undefined}
        endIcon={<ExpandMoreIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {t`Bicycles Types`}
      </Button>
      <Menu
        id="bicycle-types-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { "aria-labelledby": "bicycle-types-button" } }}
      >
        {categories.map((c) => (
          <MenuItemLink
            key={c.id}
            to="/catalog/$slug"
            params={{ slug: c.slug }}
            onClick={() => setAnchor(null)}
          >
            {c.name}
          </MenuItemLink>
        ))}
      </Menu>
    </>
  );
}

function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const { data: categories = [] } = useQuery(categoryQueries.descendants(ROOT_CATEGORY_ID));
  return (
    <Drawer anchor="left" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 300 } } }}>
      <Box component="nav" aria-label={t`Mobile menu`} sx={{ p: 1 }}>
        <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
          <IconButton onClick={onClose} aria-label={t`Close menu`}>
            <CloseIcon />
          </IconButton>
        </Box>
        <List>
          <ListItemLink to="/" onClick={onClose}>
            <ListItemText primary={t`Home`} />
          </ListItemLink>
          <ListItemLink to="/page/$slug" params={{ slug: "about-us" }} onClick={onClose}>
            <ListItemText primary={t`About Us`} />
          </ListItemLink>
          <ListSubheader>{t`Bicycle Types`}</ListSubheader>
          {categories.map((c) => (
            <ListItemLink
              key={c.id}
              to="/catalog/$slug"
              params={{ slug: c.slug }}
              onClick={onClose}
              sx={{ pl: 4 }}
            >
              <ListItemText primary={c.name} />
            </ListItemLink>
          ))}
          <ListItemLink to="/contact" onClick={onClose}>
            <ListItemText primary={t`Contact Us`} />
          </ListItemLink>
        </List>
        <Divider />
        <Box sx={{ display: "flex", gap: 2, p: 2 }}>
          <LanguageSelect id="language-mobile" />
          <CurrencySelect id="currency-mobile" codes={MOBILE_CURRENCIES} />
        </Box>
      </Box>
    </Drawer>
  );
}

/** The site header: top bar, logo, main menu, the shopping actions slot and the mobile off-canvas menu. */
export function Header({ actions }: { actions?: ReactNode }) {
  const { t } = useLingui();
  const [mobileOpen, setMobileOpen] = useState(false);
  return (
    <AppBar position="static" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: "divider" }}>
      <TopBar />
      <Container>
        <Toolbar disableGutters sx={{ gap: 1 }}>
          <IconButton
            edge="start"
            sx={{ display: { md: "none" } }}
            aria-label={t`Open menu`}
            onClick={() => setMobileOpen(true)}
          >
            <MenuIcon />
          </IconButton>
          <RouterLink to="/" variant="h6" underline="none" sx={{ fontWeight: 800, color: "primary.main", mr: 3 }}>
            {SHOP_INFO.shortName}
          </RouterLink>
          <Box component="nav" aria-label={t`Main menu`} sx={{ display: { xs: "none", md: "flex" }, gap: 1, flexGrow: 1 }}>
            <ButtonLink color="inherit" to="/">
              {t`Home`}
            </ButtonLink>
            <ButtonLink color="inherit" to="/page/$slug" params={{ slug: "about-us" }}>
              {t`About Us`}
            </ButtonLink>
            <CategoriesMenu />
            <ButtonLink color="inherit" to="/contact">
              {t`Contact Us`}
            </ButtonLink>
          </Box>
          <Box sx={{ flexGrow: { xs: 1, md: 0 } }} />
          {actions}
        </Toolbar>
      </Container>
      <MobileMenu open={mobileOpen} onClose={() => setMobileOpen(false)} />
    </AppBar>
  );
}
