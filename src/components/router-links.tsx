/*
 * MUI elements that navigate with the router, fully typed (route params checked): the `createLink`
 * pattern of TanStack Router's MUI guide. Use these instead of `component={Link}`.
 */
import Button, { type ButtonProps } from "@mui/material/Button";
import ListItemButton, { type ListItemButtonProps } from "@mui/material/ListItemButton";
import MuiLink, { type LinkProps as MuiLinkProps } from "@mui/material/Link";
import MenuItem, { type MenuItemProps } from "@mui/material/MenuItem";
import { createLink } from "@tanstack/react-router";

function AnchorLink(props: MuiLinkProps<"a">) {
  return <MuiLink component="a" {...props} />;
}
function AnchorButton(props: ButtonProps<"a">) {
  return <Button component="a" {...props} />;
}
function AnchorMenuItem(props: MenuItemProps<"a">) {
  return <MenuItem component="a" {...props} />;
}
function AnchorListItem(props: ListItemButtonProps<"a">) {
  return <ListItemButton component="a" {...props} />;
}

/** A text link (MUI Link) to a route. */
export const RouterLink = createLink(AnchorLink);
/** A button (MUI Button) that navigates to a route. */
export const ButtonLink = createLink(AnchorButton);
/** A menu entry that navigates to a route. */
export const MenuItemLink = createLink(AnchorMenuItem);
/** A list entry that navigates to a route. */
export const ListItemLink = createLink(AnchorListItem);
