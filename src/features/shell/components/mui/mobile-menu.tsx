import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import { useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { categoryQueries } from "@/api/categories";
import { ListItemLink } from "@/components/mui/menu-links";
import { MOBILE_CURRENCIES } from "@/i18n/format";
import { CurrencySelect } from "../currency-select";
import { LanguageSelect } from "../language-select";
import { CloseIcon } from "@/components/ui/icons";
import { useLocale } from "@/i18n/i18n";

/** The mobile off-canvas menu (loaded on first open): Home, About Us, Bicycle Types, Contact Us. */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const { data: categories = [] } = useQuery(categoryQueries.bicycleTypes(locale));
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
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, p: 2 }}>
          <LanguageSelect id="language-mobile" />
          <CurrencySelect id="currency-mobile" codes={MOBILE_CURRENCIES} />
        </Box>
      </Box>
    </Drawer>
  );
}
