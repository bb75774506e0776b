import { Trans } from "@lingui/react/macro";
import type { Review } from "@/api/catalog";
import { formatDate } from "@/i18n/format";
import { useLocale } from "@/i18n/i18n";
import { ProductRating } from "./product-rating";
import "./product-reviews.css";

/** Approved reviews: name, stars, date, title and comment. */
export function ProductReviews({ reviews }: { reviews: Review[] }) {
  const locale = useLocale();
  if (reviews.length === 0) {
    return (
      <p className="ui-body1">
        <Trans>There are no reviews yet.</Trans>
      </p>
    );
  }
  return (
    <ul className="product-reviews">
      {reviews.map((r) => (
        <li key={r.id}>
          <div className="product-reviews__head">
            <p className="ui-body1 product-reviews__name">{r.name}</p>
            <ProductRating value={r.rating} />
            {r.createdAt && <p className="ui-body2 ui-muted">{formatDate(r.createdAt, locale, "UTC")}</p>}
          </div>
          <h3 className="ui-subtitle1 product-reviews__title">{r.title}</h3>
          <p className="ui-body1">{r.comment}</p>
        </li>
      ))}
    </ul>
  );
}
