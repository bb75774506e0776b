import { preloadTheme } from "@/components/mui/lazy-themed";
import { getWishlistState } from "../store";

/** The chunk of the wishlist screen's lines. */
export const loadWishlistLines = () => import("./mui/wishlist-lines");

/** Starts loading the lines' chunk and MUI's theme with the wishlist page's own when the device's wishlist has products. */
export function preloadWishlistLines(): void {
  if (getWishlistState().items.length === 0) return;
  loadWishlistLines().catch(() => undefined);
  preloadTheme();
}
