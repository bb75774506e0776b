import IconButton, { type IconButtonProps } from "@mui/material/IconButton";
import CompareArrowsIcon from "@mui/icons-material/CompareArrows";
import { createLink } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { CountBadge } from "@/components/count-badge";
import { useCompareList } from "../store";

function AnchorIconButton(props: IconButtonProps<"a">) {
  return <IconButton component="a" {...props} />;
}
const IconButtonLink = createLink(AnchorIconButton);

/** The header link to /compare with the number of products in the compare list. */
export function CompareLink() {
  const { t } = useLingui();
  const count = useCompareList().length;
  return (
    <IconButtonLink to="/compare" color="inherit" aria-label={t`Compare, ${count} products`}>
      <CountBadge count={count} testId="compare-count">
        <CompareArrowsIcon />
      </CountBadge>
    </IconButtonLink>
  );
}
