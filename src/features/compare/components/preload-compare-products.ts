import { preloadTheme } from "@/components/mui/lazy-themed";
import { getCompareList } from "../store";

/** The chunk of the compare screen's table. */
export const loadCompareProducts = () => import("./mui/compare-products");

/** Starts loading the table's chunk and MUI's theme with the compare page's own when the device's list has products. */
export function preloadCompareProducts(): void {
  if (getCompareList().length === 0) return;
  loadCompareProducts().catch(() => undefined);
  preloadTheme();
}
