import { Suspense } from "react";
import { Link } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { LinesPending } from "@/components/layout/empty-state";
import { lazyThemed } from "@/components/mui/lazy-themed";
import { useSession } from "@/session/use-session";
import type { AccountTab } from "./mui/account-panels";
import { loadAccountPanels } from "./preload-account-panels";
import "./my-account-view.css";

// Drawn with MUI: its chunk and the theme load together, only for a logged-in shopper.
const AccountPanels = lazyThemed(() => loadAccountPanels().then((m) => m.AccountPanels));

/**
 * My account: profile, address book and orders; guests are asked to log in. A guest's screen is plain
 * elements; the tabs are another chunk, loaded only once logged in (already on its way then:
 * preloadAccountPanels, the route's loader).
 */
export function MyAccountView(props: {
  tab: AccountTab;
  orderId?: number;
  page: number;
  onNavigate: (next: { tab: AccountTab; page?: number }) => void;
}) {
  const { t } = useLingui();
  const { isLoggedIn } = useSession();

  if (!isLoggedIn) {
    return (
      <div className="ui-container my-account-guest">
        <p className="ui-body1 my-account-guest__message">{t`Please log in to see your account.`}</p>
        <Link to="/login-register" search={{ redirect: "/my-account" }} className="ui-btn ui-btn--contained">
          {t`Login`}
        </Link>
      </div>
    );
  }
  return (
    <Suspense fallback={<LinesPending />}>
      <AccountPanels {...props} />
    </Suspense>
  );
}
