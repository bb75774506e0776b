import { Link } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { CountBadge } from "@/components/count-badge";
import { CompareArrowsIcon } from "@/components/ui/icons";
import { useCompareList } from "../store";

/** The header link to /compare with the number of products in the compare list. */
export function CompareLink() {
  const { t } = useLingui();
  const count = useCompareList().length;
  return (
    <Link
      to="/compare"
      className="ui-icon-btn ui-icon-btn--inherit"
      aria-label={t`Compare, ${count} products`}
    >
      <CountBadge count={count} testId="compare-count">
        <CompareArrowsIcon />
      </CountBadge>
    </Link>
  );
}
