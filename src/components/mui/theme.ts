import { createTheme } from "@mui/material/styles";

/** The one owner of palette, typography and component defaults. */
export const theme = createTheme({
  palette: {
    primary: { main: "#a3231f", contrastText: "#ffffff" },
    secondary: { main: "#1f2a44" },
    background: { default: "#ffffff", paper: "#ffffff" },
    text: { primary: "#1c1c1c", secondary: "#555555" },
  },
  shape: { borderRadius: 6 },
  typography: {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS font list
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
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
