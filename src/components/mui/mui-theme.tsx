import type { ComponentType, ReactNode } from "react";
import { ThemeProvider } from "@mui/material/styles";
import { theme } from "./theme";

/**
 * The MUI theme around the parts of the app that use MUI (decision 034): the pages and popups load it with
 * their own code (`themedRoute`, `lazyThemed`), so the first screen, drawn with plain elements, does not.
 */
export function MuiTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

/** `Component` inside the MUI theme. */
export function withMuiTheme<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function Themed(props: P) {
    return (
      <MuiTheme>
        <Component {...props} />
      </MuiTheme>
    );
  }
  return Themed;
}
