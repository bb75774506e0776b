import { preloadTheme } from "@/components/mui/lazy-themed";
import { getLocalCart } from "../store";

/** The chunk of the cart screen's lines (table, coupon, steppers, totals). */
export const loadFilledCart = () => import("./mui/filled-cart");

/** Starts loading the lines' chunk and MUI's theme when the device's cart has lines (with the cart page's own chunk). */
export function preloadFilledCart(): void {
  if (getLocalCart().lines.length === 0) return;
  loadFilledCart().catch(() => undefined);
  preloadTheme();
}
