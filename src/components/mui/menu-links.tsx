/*
 * Menu and list entries that navigate with the router (see router-links.tsx). Kept apart because
 * MenuItem and ListItemButton bring keyboard-navigation code that the first screen does not need.
 */
import ListItemButton, { type ListItemButtonProps } from "@mui/material/ListItemButton";
import MenuItem, { type MenuItemProps } from "@mui/material/MenuItem";
import { createLink } from "@tanstack/react-router";

function AnchorMenuItem(props: MenuItemProps<"a">) {
  return <MenuItem component="a" {...props} />;
}
function AnchorListItem(props: ListItemButtonProps<"a">) {
  return <ListItemButton component="a" {...props} />;
}

/** A menu entry that navigates to a route. */
export const MenuItemLink = createLink(AnchorMenuItem);
/** A list entry that navigates to a route. */
export const ListItemLink = createLink(AnchorListItem);
