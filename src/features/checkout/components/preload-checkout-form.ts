import { preloadTheme } from "@/components/mui/lazy-themed";

/** The chunk of the checkout's steps (address form, shipping and payment choices, review). */
export const loadCheckoutForm = () => import("./mui/checkout-form");

/** Starts loading the steps' chunk and MUI's theme with the checkout page's own when the device's cart has lines. */
export function preloadCheckoutForm(hasDeviceLines: boolean): void {
  if (!hasDeviceLines) return;
  loadCheckoutForm().catch(() => undefined);
  preloadTheme();
}
