import { createTheme } from "@mui/material/styles";
import { tokens } from "@/components/ui/tokens";

/**
 * The MUI parts' theme: palette, radius, spacing, type and breakpoints from the shop's tokens (decision 047, the
 * values ui.css declares too), plus MUI's component defaults.
 */
export const theme = createTheme({
  palette: {
    primary: { main: tokens.color.primary, contrastText: tokens.color.onPrimary },
    secondary: { main: tokens.color.secondary, contrastText: tokens.color.onSecondary },
    background: { default: tokens.color.paper, paper: tokens.color.paper },
    text: { primary: tokens.color.text, secondary: tokens.color.text2 },
  },
  shape: { borderRadius: tokens.radius },
  spacing: tokens.spacing,
  breakpoints: { values: tokens.breakpoints },
  typography: {
    fontFamily: tokens.font,
    h1: { fontSize: "2rem", fontWeight: 700 },
    h2: { fontSize: "1.6rem", fontWeight: 700 },
    h3: { fontSize: "1.3rem", fontWeight: 600 },
    button: { textTransform: "none", fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiLink: { defaultProps: { underline: "hover" } },
    MuiContainer: { defaultProps: { maxWidth: "lg" } },
    // A table's scroll box is positioned: a visually hidden header cell (absolutely placed, as the cart's and the
    // order list's "Action") stays inside the table's own sideways scroll on a phone instead of widening the page.
    MuiTableContainer: { styleOverrides: { root: { position: "relative" } } },
  },
});
