import { useLingui } from "@lingui/react/macro";
import { StarBorderIcon, StarIcon } from "@/components/ui/icons";
import "./product-rating.css";

const STARS = [1, 2, 3, 4, 5] as const;

/** 1–5 stars, read-only, announced as one image "Rated n out of 5". */
export function ProductRating({ value, size = "small" }: { value: number; size?: "small" | "medium" }) {
  const { t } = useLingui();
  const count = Math.min(5, Math.max(0, Math.round(value)));
  return (
    <span
      className={`product-rating product-rating--${size}`}
      role="img"
      aria-label={t`Rated ${count} out of 5`}
    >
      {STARS.map((n) =>
        n <= count ? (
          <span key={n} className="product-rating__star">
            <StarIcon fontSize="inherit" />
          </span>
        ) : (
          <span key={n} className="product-rating__star product-rating__star--empty">
            <StarBorderIcon fontSize="inherit" />
          </span>
        ),
      )}
    </span>
  );
}
