/* eslint-disable lingui/no-unlocalized-strings -- CSS property names and colour values, not text */
/*
 * A home variant's accent colour as the custom properties ui.css reads (--c-primary and what MUI's palette derives
 * from it: the dark shade for a contained button's hover, the text button's hover tint, the outlined border).
 * By hand rather than with MUI's colorManipulator (darken, alpha): importing it adds its own chunk to the first
 * visit to / (bench:bundle, 2026-11-27: 15 → 16 scripts, 169.2 → 170.4 kB gzip, over the 170 kB budget).
 */

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace("#", ""), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (values: number[]) => `#${values.map((v) => v.toString(16).padStart(2, "0")).join("")}`;

/** The primary colour's custom properties for an accent `#rrggbb`, with MUI's derived shades (tonal offset 0.2). */
export function accentVars(accent: string): Record<string, string> {
  const rgb = channels(accent);
  const [r, g, b] = rgb;
  return {
    "--c-primary": accent,
    "--c-primary-dark": toHex(rgb.map((v) => Math.trunc(v * 0.7))),
    "--c-primary-hover": `rgba(${r}, ${g}, ${b}, 0.04)`,
    "--c-primary-border": `rgba(${r}, ${g}, ${b}, 0.5)`,
  };
}
