import { lazy, Suspense, useState } from "react";
import IconButton from "@mui/material/IconButton";
import PersonOutlinedIcon from "@mui/icons-material/PersonOutlined";
import { useLingui } from "@lingui/react/macro";

// The menu loads on first open: the first screen only needs the button.
const AccountMenuPopup = lazy(() =>
  import("./account-menu-popup").then((m) => ({ default: m.AccountMenuPopup })),
);

/** The header account entry: Login / Register for guests, My Account and Logout for customers. */
export function AccountMenu() {
  const { t } = useLingui();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <IconButton
        color="inherit"
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
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <AccountMenuPopup anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
