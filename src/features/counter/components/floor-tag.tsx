import { useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { catalogQueries } from "@/api/catalog";
import { QrCode } from "@/components/qr/qr-code";
import { useCurrency } from "@/i18n/currency";
import "./counter.css";
import { useLocale } from "@/i18n/i18n";

/** The address a floor tag's code holds: the product page on this shop's origin. */
export function tagAddress(urlKey: string): string {
  return `${window.location.origin}/product/${encodeURIComponent(urlKey)}`;
}

/**
 * A printable floor tag (issue 40 item 2): the product's name, price and a QR code of its address; the page
 * prints the tag alone (counter.css, `@media print`).
 */
export function FloorTag({ urlKey }: { urlKey: string }) {
  const { t } = useLingui();
  const { format } = useCurrency();
  const locale = useLocale();
  const { data: product, isPending } = useQuery(catalogQueries.detailByUrlKey(urlKey, locale));
  if (isPending) return <div className="ui-container" aria-busy="true" />;
  if (!product) return <p className="ui-container ui-body1">{t`Product not found.`}</p>;
  const name = product.name;
  return (
    <div className="ui-container">
      <article className="floor-tag" aria-label={t`Floor tag of ${name}`} data-testid="floor-tag">
        <h2 className="floor-tag__name">{product.name}</h2>
        <p className="floor-tag__price">{format(product.finalPrice)}</p>
        <QrCode text={tagAddress(urlKey)} label={t`QR code of ${name}`} size={200} />
        <span className="floor-tag__address">{tagAddress(urlKey)}</span>
      </article>
      <div className="floor-tag-page__actions">
        <button type="button" className="ui-btn ui-btn--contained" onClick={() => window.print()}>
          {t`Print`}
        </button>
      </div>
    </div>
  );
}
