import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { Product } from "@/api/product";
import { VisibilityOutlinedIcon } from "@/components/ui/icons";
import { ProductPrice } from "./product-price";
import { ProductRating } from "./product-rating";
import { htmlToText } from "../utils/html-text";
import "./product-card.css";

export const CARD_IMAGE_SIZE = 480;

export interface ProductCardProps {
  product: Product;
  /** Buttons of other features (add to cart, wishlist, compare) composed by the route. */
  actions?: ReactNode;
  onQuickView?: () => void;
  /** The card is in the first screen: load its image eagerly and first. */
  priority?: boolean;
  /** list: image beside the text, with the short description */
  layout?: "grid" | "list";
}

/** A product in a list: image, badges, name, rating and price, linking to the detail. */
export function ProductCard({
  product,
  actions,
  onQuickView,
  priority = false,
  layout = "grid",
}: ProductCardProps) {
  const { t } = useLingui();
  const image = product.images[0] ?? product.baseImage;
  const discount = Math.round(product.discount);
  const name = product.name;
  return (
    <article
      className={`ui-card ui-card--outlined ui-card--column${layout === "list" ? " product-card--list" : ""}`}
    >
      <div className="product-card__media">
        <Link
          to="/product/$urlKey"
          params={{ urlKey: product.urlKey }}
          tabIndex={-1}
          aria-hidden="true"
          className="product-card__image-link"
        >
          <img
            className="product-card__image"
            src={image.medium}
            alt=""
            width={CARD_IMAGE_SIZE}
            height={CARD_IMAGE_SIZE}
            loading={priority ? "eager" : "lazy"}
            decoding="async"
            fetchPriority={priority ? "high" : "auto"}
          />
        </Link>
        {(discount > 0 || product.isNew) && (
          <div className="product-card__badges">
            {discount > 0 && <span className="ui-chip ui-chip--primary">{t`-${discount}%`}</span>}
            {product.isNew && (
              <span className="ui-chip product-card__badge--new">
                {t({ message: "New", comment: "badge on a newly arrived product" })}
              </span>
            )}
          </div>
        )}
        {onQuickView && (
          // The browser's own tooltip (title): a tooltip component per card would cost each card at hydration.
          <button
            type="button"
            className="ui-icon-btn product-card__quick-view"
            onClick={onQuickView}
            aria-label={t`Quick view of ${name}`}
            title={t`Quick view`}
          >
            <VisibilityOutlinedIcon />
          </button>
        )}
      </div>
      <div className="product-card__content">
        <h3 className="product-card__title">
          <Link
            to="/product/$urlKey"
            params={{ urlKey: product.urlKey }}
            className="product-card__title-link"
          >
            {product.name}
          </Link>
        </h3>
        <ProductRating value={product.rating} />
        <ProductPrice product={product} />
        {layout === "list" && product.shortDescription && (
          <p className="ui-body2 ui-muted product-card__description">
            {htmlToText(product.shortDescription)}
          </p>
        )}
        {actions && <div className="product-card__actions">{actions}</div>}
      </div>
    </article>
  );
}
