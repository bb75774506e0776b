/*
 * MUI elements that navigate with the router, fully typed (route params checked): the `createLink`
 * pattern of TanStack Router's MUI guide. Use these instead of `component={Link}`.
 * Menu and list entries live in menu-links.tsx, so that pages with plain links do not load menu code.
 */
import Button, { type ButtonProps } from "@mui/material/Button";
import MuiLink, { type LinkProps as MuiLinkProps } from "@mui/material/Link";
import { createLink } from "@tanstack/react-router";

function AnchorLink(props: MuiLinkProps<"a">) {
  return <MuiLink component="a" {...props} />;
}
function AnchorButton(props: ButtonProps<"a">) {
  return <Button component="a" {...props} />;
}

/** A text link (MUI Link) to a route. */
export const RouterLink = createLink(AnchorLink);
/** A button (MUI Button) that navigates to a route. */
export const ButtonLink = createLink(AnchorButton);
