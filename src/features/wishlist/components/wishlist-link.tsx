import { Link } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { CountBadge } from "@/components/count-badge";
import { FavoriteBorderIcon } from "@/components/ui/icons";
import { useWishlistSync } from "../hooks/use-wishlist-sync";
import { useDeviceWishlist } from "../store";

/** The header link to /wishlist with the number of saved products; keeps the list in sync. */
export function WishlistLink() {
  useWishlistSync();
  const { t } = useLingui();
  const { items } = useDeviceWishlist();
  const count = items.length;
  return (
    <Link
      to="/wishlist"
      className="ui-icon-btn ui-icon-btn--inherit"
      aria-label={t`Wishlist, ${count} items`}
    >
      <CountBadge count={count} testId="wishlist-count">
        <FavoriteBorderIcon />
      </CountBadge>
    </Link>
  );
}
