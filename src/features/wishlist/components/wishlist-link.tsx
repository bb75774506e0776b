import IconButton, { type IconButtonProps } from "@mui/material/IconButton";
import FavoriteBorderIcon from "@mui/icons-material/FavoriteBorder";
import { createLink } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { CountBadge } from "@/components/count-badge";
import { useWishlistSync } from "../hooks/use-wishlist-sync";
import { useDeviceWishlist } from "../store";

function AnchorIconButton(props: IconButtonProps<"a">) {
  return <IconButton component="a" {...props} />;
}
const IconButtonLink = createLink(AnchorIconButton);

/** The header link to /wishlist with the number of saved products; keeps the list in sync. */
export function WishlistLink() {
  useWishlistSync();
  const { t } = useLingui();
  const { items } = useDeviceWishlist();
  const count = items.length;
  return (
    <IconButtonLink to="/wishlist" color="inherit" aria-label={t`Wishlist, ${count} items`}>
      <CountBadge count={count} testId="wishlist-count">
        <FavoriteBorderIcon />
      </CountBadge>
    </IconButtonLink>
  );
}
