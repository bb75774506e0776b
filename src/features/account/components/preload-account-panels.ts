import { preloadTheme } from "@/components/mui/lazy-themed";
import { readSession } from "@/session/session";

/** The chunk of a logged-in shopper's account tabs (profile, address book, orders). */
export const loadAccountPanels = () => import("./mui/account-panels");

/** Starts loading the account tabs' chunk and MUI's theme when a shopper is logged in (with the page's own chunk). */
export function preloadAccountPanels(): void {
  if (!readSession().isLoggedIn) return;
  loadAccountPanels().catch(() => undefined);
  preloadTheme();
}
