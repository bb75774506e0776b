/* Start-up order (see libraries.ts): MUI and emotion, then a new task. */
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { yieldToMain } from "@/utils/yield-to-main";

// Exported so that the imports are kept (see libraries.ts).
export const UiLibraries = { CssBaseline, ThemeProvider };
await yieldToMain();
