import { Link } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { categoryQueries } from "@/api/categories";
import { SHOP_INFO } from "@/utils/shop-info";
import { ScrollTopButton } from "@/components/layout/scroll-top-button";
import { SubscribeForm } from "./subscribe-form";
import "./footer.css";
import { useLocale } from "@/i18n/i18n";

/** The site footer; `canSubscribe` is false on the bicycle home page (SPEC §2). */
export function Footer({ canSubscribe }: { canSubscribe: boolean }) {
  const { t } = useLingui();
  const locale = useLocale();
  const { data: categories = [] } = useQuery(categoryQueries.bicycleTypes(locale));
  return (
    <footer className="footer">
      <div className="ui-container">
        <div className="footer__grid">
          <div className="footer__contact">
            <h2 className="ui-h3 footer__title">
              <Trans>Contact</Trans>
            </h2>
            <address className="footer__address">
              {SHOP_INFO.address.map((line) => (
                <p key={line} className="ui-body2">
                  {line}
                </p>
              ))}
              <a href={`tel:${SHOP_INFO.phone.replace(/\s/g, "")}`} className="footer__link">
                {SHOP_INFO.phone}
              </a>
              {SHOP_INFO.emails.map((e) => (
                <a key={e} href={`mailto:${e}`} className="footer__link">
                  {e}
                </a>
              ))}
            </address>
          </div>
          <div className="footer__company">
            <h2 className="ui-h3 footer__title">
              <Trans>Company Links</Trans>
            </h2>
            <nav aria-label={t`Company Links`}>
              <Link to="/" className="footer__link">
                {t`Home`}
              </Link>
              <Link to="/page/$slug" params={{ slug: "about-us" }} className="footer__link">
                {t`About Us`}
              </Link>
              <Link to="/contact" className="footer__link">
                {t`Contact Us`}
              </Link>
            </nav>
          </div>
          <div className="footer__types">
            <h2 className="ui-h3 footer__title">
              <Trans>Bicycle Types</Trans>
            </h2>
            <nav aria-label={t`Bicycle Types`}>
              {categories.map((c) => (
                <Link key={c.id} to="/catalog/$slug" params={{ slug: c.slug }} className="footer__link">
                  {c.name}
                </Link>
              ))}
            </nav>
          </div>
          <div className="footer__subscribe">
            <h2 className="ui-h3 footer__title">
              <Trans>Subscribe</Trans>
            </h2>
            <p className="ui-body2 footer__lead">
              <Trans>Get e-mail updates about our latest bicycles and special offers.</Trans>
            </p>
            <SubscribeForm canSubmit={canSubscribe} />
            <h2 className="ui-h3 footer__title footer__title--follow">
              <Trans>Follow Us</Trans>
            </h2>
            <ul className="footer__social">
              {SHOP_INFO.social.map((s) => (
                <li key={s.name}>
                  <a href={s.href} target="_blank" rel="noopener noreferrer" className="footer__social-link">
                    {s.name}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <p className="ui-body2 footer__copyright">
          © {new Date().getFullYear()} {SHOP_INFO.name}
        </p>
      </div>
      <ScrollTopButton />
    </footer>
  );
}
