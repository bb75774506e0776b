/* eslint-disable lingui/no-unlocalized-strings -- colour values and CSS, not texts */
/*
 * The shop's palette, corner radius, spacing, type and breakpoints, once (decision 047). Both ways of drawing read
 * them: ui.css declares them as custom properties (`:root`, checked against `cssCustomProperties()` by
 * tokens.test.ts), and the MUI theme (components/mui/theme.ts) is built from them. A change of colour is made here
 * and copied into ui.css, index.html's theme-color and the web manifest in vite.config.ts (which, as a config file,
 * does not import app code); tokens.test.ts says which copy differs.
 */

export const tokens = {
  color: {
    primary: "#a3231f",
    // The shades MUI derives from the primary colour (tonal offset 0.2), which a home variant's accent derives the
    // same way (features/home/utils/accent-vars.ts): the dark one for a contained button's hover, the tints.
    primaryDark: "#721815",
    onPrimary: "#fff",
    primaryHover: "rgba(163, 35, 31, 0.04)",
    primaryBorder: "rgba(163, 35, 31, 0.5)",
    secondary: "#1f2a44",
    onSecondary: "#fff",
    text: "#1c1c1c",
    text2: "#555",
    paper: "#fff",
    // MUI's defaults for the rest, which the theme leaves as they are (theme.test.ts checks they still agree).
    disabled: "rgba(0, 0, 0, 0.38)",
    divider: "rgba(0, 0, 0, 0.12)",
    hover: "rgba(0, 0, 0, 0.04)",
    icon: "rgba(0, 0, 0, 0.54)",
    chip: "rgba(0, 0, 0, 0.08)",
    success: "#2e7d32",
    error: "#d32f2f",
    warning: "#ed6c02",
    star: "#faaf00",
    // The installed app's splash screen (the web manifest's background_color in vite.config.ts).
    splash: "#f7f4f0",
  },
  /** px */
  radius: 6,
  /** px, the step of MUI's `spacing()` and of ui.css's paddings and gaps (8, 16, 24 …) */
  spacing: 8,
  shadow1:
    "0 2px 1px -1px rgba(0, 0, 0, 0.2), 0 1px 1px 0 rgba(0, 0, 0, 0.14), 0 1px 3px 0 rgba(0, 0, 0, 0.12)",
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  /** px, min-width of each; ui.css's media queries use the same values */
  breakpoints: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 },
} as const;

/** The custom properties ui.css declares on `:root`, by name, from the tokens. */
export function cssCustomProperties(): Record<string, string> {
  const c = tokens.color;
  return {
    "--c-primary": c.primary,
    "--c-primary-dark": c.primaryDark,
    "--c-on-primary": c.onPrimary,
    "--c-primary-hover": c.primaryHover,
    "--c-primary-border": c.primaryBorder,
    "--c-secondary": c.secondary,
    "--c-on-secondary": c.onSecondary,
    "--c-text": c.text,
    "--c-text-2": c.text2,
    "--c-disabled": c.disabled,
    "--c-divider": c.divider,
    "--c-hover": c.hover,
    "--c-icon": c.icon,
    "--c-paper": c.paper,
    "--c-chip": c.chip,
    "--c-success": c.success,
    "--c-error": c.error,
    "--c-warning": c.warning,
    "--c-star": c.star,
    "--radius": `${tokens.radius}px`,
    "--shadow-1": tokens.shadow1,
    "--font": tokens.font,
  };
}
