import { Suspense, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { lazyThemed } from "@/components/mui/lazy-themed";
import { PersonOutlinedIcon } from "@/components/ui/icons";

// The menu loads on first open, with the MUI theme: the first screen only needs the button.
const AccountMenuPopup = lazyThemed(() => import("./mui/account-menu-popup").then((m) => m.AccountMenuPopup));

/** The header account entry: Login / Register for guests, My Account and Logout for customers. */
export function AccountMenu() {
  const { t } = useLingui();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className="ui-icon-btn ui-icon-btn--inherit"
        id="account-button"
        aria-label={t`Account`}
        aria-haspopup="true"
        aria-controls={anchor ? "account-menu" : undefined}
        aria-expanded={anchor ? "true" : "false"}
        onClick={(e) => {
          setOpened(true);
          setAnchor(e.currentTarget);
        }}
      >
        <PersonOutlinedIcon />
      </button>
      {opened && (
        <Suspense fallback={null}>
          <AccountMenuPopup anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
