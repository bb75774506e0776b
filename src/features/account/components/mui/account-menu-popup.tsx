import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { useLingui } from "@lingui/react/macro";
import { MenuItemLink } from "@/components/mui/menu-links";
import { useSession } from "@/session/use-session";
import { useLogout } from "../../hooks/use-logout";

/** The account menu's entries (loaded on first open). */
export function AccountMenuPopup({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const { t } = useLingui();
  const { isLoggedIn } = useSession();
  const logout = useLogout();
  // What this device keeps for offline use, whoever is logged in.
  const savedOffline = [
    <MenuItemLink key="saved-offline" to="/saved-offline" onClick={onClose}>
      {t`Saved for offline`}
    </MenuItemLink>,
    <MenuItemLink key="storage" to="/storage" onClick={onClose}>
      {t`Storage and sync`}
    </MenuItemLink>,
  ];
  return (
    <Menu
      id="account-menu"
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      slotProps={{ list: { "aria-labelledby": "account-button" } }}
    >
      {isLoggedIn
        ? [
            <MenuItemLink key="account" to="/my-account" onClick={onClose}>
              {t`My Account`}
            </MenuItemLink>,
            <MenuItem
              key="logout"
              onClick={() => {
                onClose();
                void logout();
              }}
            >
              {t`Logout`}
            </MenuItem>,
            ...savedOffline,
          ]
        : [
            <MenuItemLink key="login" to="/login-register" onClick={onClose}>
              {t`Login`}
            </MenuItemLink>,
            <MenuItemLink key="register" to="/login-register" search={{ tab: "register" }} onClick={onClose}>
              {t`Register`}
            </MenuItemLink>,
            ...savedOffline,
          ]}
    </Menu>
  );
}
