import { describe, expect, it } from "vitest";
import { tokens } from "@/components/ui/tokens";
import { theme } from "./theme";

/** A CSS value without spaces, and `0px` as `0`, so that MUI's spelling and ui.css's compare. */
const css = (value: string) => value.replace(/\b0px\b/g, "0").replace(/\s+/g, "");
/** `#rrggbb` as MUI writes a colour it derived. */
const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

describe("the MUI theme and the plain CSS share one palette (decision 047)", () => {
  it("derives the same primary shade ui.css declares", () => {
    expect(theme.palette.primary.main).toBe(tokens.color.primary);
    expect(theme.palette.primary.dark).toBe(rgb(tokens.color.primaryDark));
  });

  it("keeps MUI's defaults where ui.css copies them", () => {
    expect(theme.palette.success.main).toBe(tokens.color.success);
    expect(theme.palette.error.main).toBe(tokens.color.error);
    expect(theme.palette.warning.main).toBe(tokens.color.warning);
    expect(css(theme.palette.divider)).toBe(css(tokens.color.divider));
    expect(css(theme.palette.text.disabled)).toBe(css(tokens.color.disabled));
    expect(css(theme.palette.action.hover)).toBe(css(tokens.color.hover));
    expect(css(theme.palette.action.active)).toBe(css(tokens.color.icon));
    expect(css(theme.shadows[1])).toBe(css(tokens.shadow1));
    expect(theme.spacing(2)).toBe(`${2 * tokens.spacing}px`);
  });
});
