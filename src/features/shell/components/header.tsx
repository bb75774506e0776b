import { Suspense, useState, type ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { categoryQueries, ROOT_CATEGORY_ID } from "@/api/categories";
import { lazyThemed } from "@/components/mui/lazy-themed";
import { ExpandMoreIcon, MenuIcon } from "@/components/ui/icons";
import { useFreeDeliveryAmount } from "@/i18n/currency";
import { DESKTOP_CURRENCIES } from "@/i18n/format";
import { SHOP_INFO } from "@/utils/shop-info";
import { CurrencySelect } from "./currency-select";
import { LanguageSelect } from "./language-select";
import "./header.css";
import { useLocale } from "@/i18n/i18n";

// Popups load on first use, with the MUI theme: they are not needed to paint the first screen.
const CategoriesMenu = lazyThemed(() => import("./mui/categories-menu").then((m) => m.CategoriesMenu));
const MobileMenu = lazyThemed(() => import("./mui/mobile-menu").then((m) => m.MobileMenu));

function TopBar() {
  const freeDelivery = useFreeDeliveryAmount();
  return (
    <div className="header__top">
      <div className="ui-container header__top-inner">
        <p className="ui-body2" data-testid="free-delivery">
          <Trans>Free delivery on order over {freeDelivery}</Trans>
        </p>
        <div className="header__choices">
          <LanguageSelect id="language-desktop" />
          <CurrencySelect id="currency-desktop" codes={DESKTOP_CURRENCIES} />
        </div>
      </div>
    </div>
  );
}

function CategoriesButton() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const locale = useLocale();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className="ui-btn ui-btn--inherit"
        id="bicycle-types-button"
        aria-haspopup="true"
        aria-expanded={anchor ? "true" : "false"}
        aria-controls={anchor ? "bicycle-types-menu" : undefined}
        onMouseEnter={() =>
          void queryClient.prefetchQuery(categoryQueries.descendants(ROOT_CATEGORY_ID, locale))
        }
        onClick={(e) => {
          setOpened(true);
          setAnchor(e.currentTarget);
        }}
      >
        {t`Bicycles Types`}
        <ExpandMoreIcon fontSize="small" className="header__expand" />
      </button>
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
    <header className="header">
      <TopBar />
      <div className="ui-container">
        <div className="header__bar">
          <button
            type="button"
            className="ui-icon-btn header__menu-button"
            aria-label={t`Open menu`}
            onClick={() => {
              setMobileLoaded(true);
              setMobileOpen(true);
            }}
          >
            <MenuIcon />
          </button>
          <Link to="/" className="ui-h6 header__logo">
            {SHOP_INFO.shortName}
          </Link>
          <nav aria-label={t`Main menu`} className="header__nav">
            <Link className="ui-btn ui-btn--inherit" to="/">
              {t`Home`}
            </Link>
            <Link className="ui-btn ui-btn--inherit" to="/page/$slug" params={{ slug: "about-us" }}>
              {t`About Us`}
            </Link>
            <CategoriesButton />
            <Link className="ui-btn ui-btn--inherit" to="/contact">
              {t`Contact Us`}
            </Link>
          </nav>
          <div className="header__spacer" />
          {actions}
        </div>
      </div>
      {mobileLoaded && (
        <Suspense fallback={null}>
          <MobileMenu open={mobileOpen} onClose={() => setMobileOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
