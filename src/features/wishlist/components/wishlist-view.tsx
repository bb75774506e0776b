import { Suspense, type ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import { EmptyState, LinesPending } from "@/components/layout/empty-state";
import { lazyThemed } from "@/components/mui/lazy-themed";
import { useDeviceWishlist } from "../store";
import { loadWishlistLines } from "./preload-wishlist-lines";
import type { WishlistActionsContext } from "./wishlist-actions";

// Drawn with MUI: its chunk and the theme load together, only for a list with lines.
const WishlistLines = lazyThemed(() => loadWishlistLines().then((m) => m.WishlistLines));

/**
 * The wishlist screen; `renderActions` fills each line's cart action (move to cart). The device's list is
 * read synchronously, so an empty one says so in the first render; the lines' table is another chunk.
 */
export function WishlistView({
  renderActions,
}: {
  renderActions?: (ctx: WishlistActionsContext) => ReactNode;
}) {
  const { t } = useLingui();
  const { items } = useDeviceWishlist();

  if (items.length === 0) {
    return <EmptyState message={t`No items found in wishlist`} action={t`Add Items`} />;
  }
  return (
    <Suspense fallback={<LinesPending />}>
      <WishlistLines renderActions={renderActions} />
    </Suspense>
  );
}
