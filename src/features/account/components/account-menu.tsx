import { useState } from "react";
import IconButton from "@mui/material/IconButton";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import PersonOutlinedIcon from "@mui/icons-material/PersonOutlined";
import { useLingui } from "@lingui/react/macro";
import { MenuItemLink } from "@/components/router-links";
import { useAuth } from "../hooks/use-auth";
import { useLogout } from "../hooks/use-logout";

/** The header account entry: Login / Register for guests, My Account and Logout for customers. */
export function AccountMenu() {
  const { t } = useLingui();
  const { isLoggedIn } = useAuth();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        color="inherit"
        id="account-button"
        aria-label={t`Account`}
        aria-haspopup="true"
        aria-controls={anchor ? "account-menu" : undefined}
        aria-expanded={anchor ? "true" : "false"}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <PersonOutlinedIcon />
      </IconButton>
      <Menu
        id="account-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        slotProps={{ list: { "aria-labelledby": "account-button" } }}
      >
        {isLoggedIn
          ? [
              <MenuItemLink key="account" to="/my-account" onClick={close}>
                {t`My Account`}
              </MenuItemLink>,
              <MenuItem
                key="logout"
                onClick={() => {
                  close();
                  void logout();
                }}
              >
                {t`Logout`}
              </MenuItem>,
            ]
          : [
              <MenuItemLink key="login" to="/login-register" onClick={close}>
                {t`Login`}
              </MenuItemLink>,
              <MenuItemLink key="register" to="/login-register" search={{ tab: "register" }} onClick={close}>
                {t`Register`}
              </MenuItemLink>,
            ]}
      </Menu>
    </>
  );
}
