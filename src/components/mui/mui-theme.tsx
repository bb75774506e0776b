import type { ComponentType } from "react";
import { ThemeProvider } from "@mui/material/styles";
import { theme } from "./theme";

/**
 * `Component` inside the MUI theme (decision 034): the pages and popups that use MUI load the theme with their own
 * code (`themedRoute`, `lazyThemed`), so the first screen, drawn with plain elements, does not.
 */
export function withMuiTheme<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function Themed(props: P) {
    return (
      <ThemeProvider theme={theme}>
        <Component {...props} />
      </ThemeProvider>
    );
  }
  return Themed;
}
